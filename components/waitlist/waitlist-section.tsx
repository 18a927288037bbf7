/** Placeholder until the waiting list section lands (issue 3). */
export function WaitlistSection() {
  return (
    <section id="join-waitlist" aria-labelledby="join-waitlist-heading" className="px-6 py-24">
      <h2 id="join-waitlist-heading" className="text-3xl font-semibold">
        Join the Waiting List
      </h2>
    </section>
  );
}
