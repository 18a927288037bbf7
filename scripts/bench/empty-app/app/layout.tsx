// The framework floor for the landing-page bench: the smallest App Router page, same Next version.
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
