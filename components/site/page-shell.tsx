import { Logo } from "@/components/landing/logo";
import { SiteFooter } from "@/components/landing/site-footer";
import { pageHeaderCtas, type PageHeaderCta } from "@/content/landing/navigation";

/**
 * The site's header and footer around a page other than the landing page (the privacy notice, the 404 page).
 * `cta` is the header's call to action: joining the list unless the page is for someone already on it.
 * Plain links: the 404 page is built from this shell, and Next carries it in every page's hydration data, where
 * the client router's link component would bring its script to the landing page.
 */
export function PageShell({
  children,
  cta = pageHeaderCtas.visitor,
}: {
  children: React.ReactNode;
  cta?: PageHeaderCta;
}) {
  return (
    <>
      <header className="border-b border-border/70 bg-background/95">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-6">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link: see above */}
          <a
            href="/"
            className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <Logo size={28} nameClassName="text-lg" />
          </a>
          <a
            href={cta.href}
            className="inline-flex min-h-10 items-center rounded-full bg-primary px-5 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            {cta.label}
          </a>
        </div>
      </header>
      {children}
      <SiteFooter linkBase="/" />
    </>
  );
}
