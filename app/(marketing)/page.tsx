import { ChatExperience } from "@/components/landing/demos/chat-experience";
import { WaitlistSection } from "@/components/waitlist/waitlist-section";
import { siteConfig } from "@/config/site";

export default function LandingPage() {
  return (
    <main id="main">
      <section id="hero" className="px-6 py-24">
        <h1 className="text-4xl font-bold">{siteConfig.name}</h1>
      </section>
      <ChatExperience />
      <WaitlistSection />
    </main>
  );
}
