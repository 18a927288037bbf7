import { ArrowLeftIcon } from "lucide-react";
import Link from "next/link";

import { buttonVariants } from "@/components/ui/button";

/**
 * An admin page for something that is not there (an entry deleted since, a mistyped address), inside the
 * admin's own frame with the way back, rather than the public site's 404 with its "Join the waiting list".
 */
export function AdminNotFound({
  title,
  text,
  back,
}: {
  title: string;
  text: string;
  back: { href: string; label: string };
}) {
  return (
    <div className="mx-auto grid w-full max-w-2xl justify-items-start gap-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Link href={back.href} className={buttonVariants({ variant: "default" })}>
        <ArrowLeftIcon aria-hidden="true" />
        {back.label}
      </Link>
    </div>
  );
}
