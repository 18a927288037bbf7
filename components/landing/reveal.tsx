import { cx } from "@/components/landing/class-names";

const delays = {
  0: "",
  1: "motion-safe:delay-100",
  2: "motion-safe:delay-200",
  3: "motion-safe:delay-300",
} as const;

interface RevealProps {
  children: React.ReactNode;
  className?: string;
  /** Stagger step: 0 to 3, each 100 ms. */
  delay?: keyof typeof delays;
}

/**
 * Fades and lifts its content in once it scrolls into view. A server component: it renders the hidden state
 * (`data-revealed="false"`), and the page's one `RevealObserver` flips it when the element comes into view, so
 * the page hydrates no component per revealed block. The transition and the hidden state are one rule in
 * globals.css rather than classes repeated on every block, and they exist only when motion is welcome: with
 * reduced motion the content is simply there, with no transform and full opacity, from the first paint.
 */
export function Reveal({ children, className, delay = 0 }: RevealProps) {
  return (
    <div data-reveal="" data-revealed="false" className={cx(delays[delay], className) || undefined}>
      {children}
    </div>
  );
}
