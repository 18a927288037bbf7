import { Logo } from "@/components/landing/logo";
import { footerContent } from "@/content/landing/footer";
import { footerLinks, sectionIds } from "@/content/landing/navigation";

/**
 * Site footer: links, tagline, the legal line and the copyright (the year of the build: the pages are built
 * once). On pages other than the landing page, `linkBase` ("/") points its section links back there.
 */
export function SiteFooter({ year = new Date().getFullYear(), linkBase = "" }: { year?: number; linkBase?: string }) {
  return (
    <footer data-defer-render="" className="relative isolate overflow-hidden bg-[oklch(0.18_0.04_275)] text-indigo-100">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-indigo-400/40 to-transparent"
      />
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-6 py-16 md:flex-row md:items-start md:justify-between">
        <div className="flex max-w-sm flex-col gap-4">
          <a
            href={`${linkBase}#${sectionIds.hero}`}
            className="self-start rounded-md text-white focus-visible:ring-2 focus-visible:ring-indigo-300 focus-visible:ring-offset-2 focus-visible:ring-offset-[oklch(0.18_0.04_275)] focus-visible:outline-none"
          >
            <Logo size={32} nameClassName="text-xl" />
          </a>
          <p className="text-lg font-medium text-white">{footerContent.tagline}</p>
          <p className="text-sm leading-relaxed text-indigo-100/75">{footerContent.blurb}</p>
        </div>

        <nav aria-label={footerContent.navLabel}>
          <ul className="grid grid-cols-2 gap-x-10 gap-y-1 sm:flex sm:flex-wrap sm:gap-x-2">
            {footerLinks.map((link) => (
              <li key={link.id}>
                <a href={`${linkBase}#${link.id}`} className="footer-link">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-6 py-6 text-sm text-indigo-100/70">
          <p data-testid="copyright">{footerContent.copyright(year)}</p>
          <a
            href={footerContent.privacy.href}
            className="inline-flex min-h-10 items-center rounded-md font-medium text-indigo-100/85 underline-offset-4 hover:text-white hover:underline focus-visible:ring-2 focus-visible:ring-indigo-300 focus-visible:outline-none"
          >
            {footerContent.privacy.label}
          </a>
        </div>
      </div>
    </footer>
  );
}
