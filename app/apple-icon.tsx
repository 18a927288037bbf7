import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ImageResponse } from "next/og";

export const size = { width: 180, height: 180 };
export const contentType = "image/png";

/** The home-screen icon: the logo mark as a PNG (iOS does not take SVG icons). */
export default async function AppleIcon() {
  const logo = await readFile(join(process.cwd(), "public/logo.svg"), "base64");
  return new ImageResponse(
    <div style={{ width: "100%", height: "100%", display: "flex", background: "#4f46e5" }}>
      <img src={`data:image/svg+xml;base64,${logo}`} width={180} height={180} alt="" />
    </div>,
    size,
  );
}
