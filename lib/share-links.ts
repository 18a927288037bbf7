/**
 * Plain links that share a personal link by email, WhatsApp, X and LinkedIn: each works without a script, so
 * the same addresses serve the status page and the emails.
 */
export function shareLinksOf(url: string, text: string) {
  const message = `${text} ${url}`;
  return {
    email: `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(message)}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(message)}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(message)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  };
}
