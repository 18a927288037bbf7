import { PageShell } from "@/components/site/page-shell";
import { Button } from "@/components/ui/button";
import { joinWaitlistLink } from "@/content/landing/navigation";

export const metadata = { title: "Page not found" };

// Plain links, as in PageShell: Next carries this page inside every page's hydration data (each layout's fallback
// for a missing page), the landing page's included, and the client router's link would bring its script along.
export default function NotFound() {
  return (
    <PageShell>
      <main id="main" className="flex min-h-[60dvh] flex-col items-center justify-center gap-6 px-6 py-16 text-center">
        <h1 className="text-3xl font-semibold tracking-tight">404 Page Not Found</h1>
        <p className="text-muted-foreground">The page you were looking for does not exist or has moved.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link: see above */}
            <a href="/">Back to the home page</a>
          </Button>
          <Button asChild variant="outline">
            <a href={`/#${joinWaitlistLink.id}`}>Join the waiting list</a>
          </Button>
        </div>
      </main>
    </PageShell>
  );
}
