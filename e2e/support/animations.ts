import { expect, type Page } from "@playwright/test";

/**
 * Waits until nothing in `selector` is part-way through an animation or transition that ends (a looping one,
 * such as the typing dots, never does): the part then shows its final look, for contrast or position to be
 * measured. These run on the real clock, even while the page's own clock is stopped.
 */
export async function expectAnimationsFinished(page: Page, selector: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (scope) =>
          [...document.querySelectorAll(scope)].flatMap((element) =>
            element
              .getAnimations({ subtree: true })
              .filter(
                (animation) =>
                  (animation.playState === "running" || animation.pending) &&
                  animation.effect?.getComputedTiming().endTime !== Infinity,
              )
              .map(
                (animation) =>
                  (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty,
              ),
          ),
        selector,
      ),
    )
    .toEqual([]);
}
