export const metadata = { title: "Empty page", description: "The framework floor for the landing page bench." };

export default function Page() {
  return (
    <main>
      <h1>Empty page</h1>
    </main>
  );
}
