import type { Metadata } from "next";
import { Fragment } from "react";

import { PageShell } from "@/components/site/page-shell";
import { siteConfig } from "@/config/site";
import { privacyNotice } from "@/content/legal/privacy";

export const metadata: Metadata = {
  title: privacyNotice.title,
  description: privacyNotice.lead,
  alternates: { canonical: "/privacy" },
};

const { email } = siteConfig.privacy;

/** Text with the contact address as a mailto link, so writing to it is one click. */
function withEmailLinks(text: string) {
  return text.split(email).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <a
          href={`mailto:${email}`}
          className="font-medium text-primary underline underline-offset-4 focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {email}
        </a>
      )}
      {part}
    </Fragment>
  ));
}

export default function PrivacyPage() {
  return (
    <PageShell>
      <main id="main" className="mx-auto max-w-3xl px-6 py-16">
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{privacyNotice.title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{privacyNotice.lead}</p>
        <p className="mt-2 text-sm text-muted-foreground">Last updated {privacyNotice.updated}</p>
        {privacyNotice.sections.map((section) => (
          <section key={section.id} aria-labelledby={`privacy-${section.id}`} className="mt-10">
            <h2 id={`privacy-${section.id}`} className="text-xl font-semibold tracking-tight">
              {section.heading}
            </h2>
            {section.items ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed">
                {section.items.map((item) => (
                  <li key={item}>{withEmailLinks(item)}</li>
                ))}
              </ul>
            ) : null}
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed">
                {withEmailLinks(paragraph)}
              </p>
            ))}
          </section>
        ))}
      </main>
    </PageShell>
  );
}
