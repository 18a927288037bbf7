import { Toaster } from "@/components/ui/sonner";

/** Every admin page, signed in or not, shares one toaster, so a toast survives the move from sign-in to the dashboard. */
export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
