import type { Page } from '@playwright/test';

/** Apple's and WCAG's (2.5.5) minimum for something a finger taps, in CSS px each way. */
export const MIN_TAP = 44;

export type TapTarget = { name: string; width: number; height: number };

/**
 * The tappable elements on the page whose hit area is under 44 px in width or height. The hit area is probed as a
 * finger meets it: from the element's centre outwards, for as long as the browser's hit test (elementFromPoint)
 * still lands on the element. So it counts what the element owns through its padding or a transparent pseudo-element
 * and stops where a neighbour, the page's edge or something drawn on top takes over; an element whose centre is
 * covered counts as 0 x 0.
 */
export async function smallTapTargets(page: Page): Promise<TapTarget[]> {
  return page.evaluate((min) => {
    const tappable = [
      'a[href]',
      'button',
      '[role=tab]',
      '[role=button]',
      '[role=link]',
      '[role=checkbox]',
      'label:has(input[type=radio])',
      'label:has(input[type=checkbox])',
      'input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not([type=file])',
      'textarea',
      '.adm-tab-bar-item',
      '.adm-nav-bar-back',
    ].join(',');
    const owns = (element: Element, x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === element || element.contains(hit));
    };
    const small: Array<{ name: string; width: number; height: number }> = [];
    for (const element of document.querySelectorAll(tappable)) {
      const box = element.getBoundingClientRect();
      if (!box.width || !box.height || element.closest('[aria-hidden=true]')) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      // A control inside another (an icon in a link) is tapped as the outer one.
      if (element.parentElement?.closest(tappable)) continue;
      element.scrollIntoView({ block: 'center', inline: 'center' });
      const { left, top, width, height } = element.getBoundingClientRect();
      const x = Math.round(left + width / 2);
      const y = Math.round(top + height / 2);
      const name = (
        element.getAttribute('aria-label') ||
        element.textContent ||
        element.getAttribute('placeholder') ||
        ''
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 30);
      const reach = (dx: number, dy: number) => {
        let step = 0;
        while (step < min && owns(element, x + dx * (step + 1), y + dy * (step + 1))) step += 1;
        return step;
      };
      const size = owns(element, x, y)
        ? { width: reach(-1, 0) + reach(1, 0) + 1, height: reach(0, -1) + reach(0, 1) + 1 }
        : { width: 0, height: 0 };
      if (size.width < min || size.height < min)
        small.push({ name: `${element.tagName.toLowerCase()} "${name}"`, ...size });
    }
    window.scrollTo(0, 0);
    return small;
  }, MIN_TAP);
}

/** The page's cumulative layout shift so far (the layout-shift entries not caused by input), for the CLS budget. */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
}
