import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ImageResponse } from "next/og";

import { siteConfig } from "@/config/site";
import { heroContent } from "@/content/landing/hero";

/** Size shared by the Open Graph and Twitter cards. */
export const ogSize = { width: 1200, height: 630 };

async function loadAssets() {
  const [semiBold, regular, logo] = await Promise.all([
    readFile(join(process.cwd(), "node_modules/geist/dist/fonts/geist-sans/Geist-SemiBold.ttf")),
    readFile(join(process.cwd(), "node_modules/geist/dist/fonts/geist-sans/Geist-Regular.ttf")),
    readFile(join(process.cwd(), "public/logo.svg"), "base64"),
  ]);
  return { semiBold, regular, logoSrc: `data:image/svg+xml;base64,${logo}` };
}

/** The social card: logo, headline and tagline on an indigo gradient, built from local fonts only. */
export async function renderOgCard(): Promise<ImageResponse> {
  const { semiBold, regular, logoSrc } = await loadAssets();
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "72px 80px",
        color: "white",
        fontFamily: "Geist",
        backgroundColor: "#1e1b4b",
        backgroundImage:
          "radial-gradient(circle at 85% 0%, rgba(129,140,248,0.55), transparent 55%), radial-gradient(circle at 0% 100%, rgba(124,58,237,0.45), transparent 50%)",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={logoSrc} width={72} height={72} alt="" />
        <div style={{ fontSize: 44, fontWeight: 600, letterSpacing: -1 }}>{siteConfig.name}</div>
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 28 }}>
        <div style={{ fontSize: 68, fontWeight: 600, lineHeight: 1.05, letterSpacing: -2, maxWidth: 980 }}>
          {heroContent.headline}
        </div>
        <div style={{ fontSize: 30, color: "#c7d2fe", fontWeight: 400 }}>
          {`${siteConfig.tagline} for quotes, invoices, bookings and reminders.`}
        </div>
      </div>
    </div>,
    {
      ...ogSize,
      fonts: [
        { name: "Geist", data: semiBold, weight: 600, style: "normal" },
        { name: "Geist", data: regular, weight: 400, style: "normal" },
      ],
    },
  );
}
