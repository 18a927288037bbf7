/** Placeholder until the chat experience demo lands (issue 7). */
export function ChatExperience() {
  return <section id="chat-experience" aria-label="Chat demo" />;
}
