/** jsdom stand-ins for the browser APIs the demos use: matchMedia and IntersectionObserver. */

export function mockReducedMotion(reduce: boolean) {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reduce && query.includes("prefers-reduced-motion: reduce"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    }),
  });
}

type Callback = (entries: { isIntersecting: boolean; intersectionRatio: number; target: Element }[]) => void;

/** Records observers (and the options they were made with) so a test can say when an element scrolls in or out. */
export function mockIntersectionObserver() {
  const observers: { callback: Callback; options: IntersectionObserverInit | undefined; elements: Element[] }[] = [];
  class FakeIntersectionObserver {
    private readonly record: { callback: Callback; options: IntersectionObserverInit | undefined; elements: Element[] };
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      this.record = { callback, options, elements: [] };
      observers.push(this.record);
    }
    observe(element: Element) {
      this.record.elements.push(element);
    }
    unobserve() {}
    disconnect() {
      this.record.elements = [];
    }
    takeRecords() {
      return [];
    }
  }
  Object.defineProperty(window, "IntersectionObserver", {
    configurable: true,
    writable: true,
    value: FakeIntersectionObserver,
  });
  return {
    /** Reports every observed element as in or out of view, with this share of it visible. */
    setVisible(visible: boolean, ratio = visible ? 1 : 0) {
      for (const observer of observers) {
        for (const target of observer.elements) {
          observer.callback([{ isIntersecting: visible, intersectionRatio: ratio, target }]);
        }
      }
    },
    /** The options each observer was created with, oldest first. */
    options: () => observers.map((observer) => observer.options),
  };
}

export function setDocumentHidden(hidden: boolean) {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event("visibilitychange"));
}

/** jsdom has no fetch of its own; install a spy that rejects, so any request would show up. */
export function installFetchSpy() {
  const spy = jest.fn(() => Promise.reject(new Error("the demos must not fetch")));
  Object.defineProperty(globalThis, "fetch", { configurable: true, writable: true, value: spy });
  return spy;
}
