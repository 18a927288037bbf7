import { siteConfig } from "@/config/site";

/** The sign-in's card, centred on the page: the same for the password, the second step and setting one up. */
export function LoginCard({
  title,
  description,
  wide,
  children,
}: {
  title: string;
  description: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-12">
      <div className={`w-full ${wide ? "max-w-xl" : "max-w-sm"} rounded-xl border bg-card p-6 shadow-sm sm:p-8`}>
        <div className="mb-6 grid gap-1 text-center">
          <p className="text-sm font-medium text-primary">{siteConfig.name} Admin</p>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {children}
      </div>
    </main>
  );
}
