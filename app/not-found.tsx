import Link from "next/link";

import { Button } from "@/components/ui/button";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <h1 className="text-3xl font-semibold tracking-tight">404 Page Not Found</h1>
      <p className="text-muted-foreground">The page you were looking for does not exist or has moved.</p>
      <Button asChild>
        <Link href="/">Back to the home page</Link>
      </Button>
    </main>
  );
}
