/** Ten new recovery codes, shown once: the only time they can be read. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-3 rounded-lg border bg-muted/40 p-4">
      <h3 id="recovery-codes-title" className="font-semibold">
        Your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        Keep these somewhere safe, such as a password manager or on paper. If you lose your passkey or phone, each code
        signs you in once. They are shown only now.
      </p>
      <ol data-testid="recovery-codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:w-fit">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </section>
  );
}
