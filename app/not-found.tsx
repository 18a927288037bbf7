import Link from "next/link";

import { PageShell } from "@/components/site/page-shell";
import { Button } from "@/components/ui/button";
import { joinWaitlistLink } from "@/content/landing/navigation";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <PageShell>
      <main id="main" className="flex min-h-[60dvh] flex-col items-center justify-center gap-6 px-6 py-16 text-center">
        <h1 className="text-3xl font-semibold tracking-tight">404 Page Not Found</h1>
        <p className="text-muted-foreground">The page you were looking for does not exist or has moved.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link href="/">Back to the home page</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={`/#${joinWaitlistLink.id}`}>Join the waiting list</Link>
          </Button>
        </div>
      </main>
    </PageShell>
  );
}
