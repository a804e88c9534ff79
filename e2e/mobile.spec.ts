import { expect, test, type Locator, type Page } from '@playwright/test';
import { chatScreen, openNewChat, TEXT } from './support.js';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A real one-finger swipe (touch input through the DevTools protocol) across `target`. */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe on');
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width - 40;
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0) });
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(x0 + (dx * step) / 5),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

function drawerOf(page: Page) {
  return page.getByRole('dialog', { name: TEXT.mne.threads });
}

/** Opens the drawer from the left-edge button and waits until it has slid in. */
async function openDrawer(page: Page) {
  await page.getByRole('button', { name: TEXT.mne.openSidebar }).click();
  await expect(drawerOf(page).getByRole('link', { name: TEXT.mne.newChat })).toBeVisible();
  await expect(page.getByTestId('sidebar-drawer')).toHaveCSS('transform', 'none');
}

test('the sidebar is a drawer: the left-edge button opens it, its close button and Escape close it', async ({
  page,
}) => {
  const t = TEXT.mne;
  await openNewChat(page, 'mne');
  // No fixed sidebar on a phone.
  await expect(page.getByRole('complementary')).toBeHidden();
  await expect(page.getByRole('link', { name: t.newChat })).toBeHidden();

  const open = page.getByRole('button', { name: t.openSidebar });
  const openBox = await open.boundingBox();
  expect(openBox!.x).toBeLessThan(40);

  const drawer = drawerOf(page);
  await openDrawer(page);
  await expect(drawer.getByRole('navigation', { name: t.threads })).toBeVisible();
  await expect(drawer.getByRole('group', { name: 'Jezik' })).toBeVisible();
  // Focus moves into the drawer and stays there.
  const inside = () => drawer.evaluate((el) => el.contains(document.activeElement));
  expect(await inside()).toBe(true);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await inside(), `after Tab ${i + 1}`).toBe(true);
  }
  await drawer.getByRole('button', { name: t.closeSidebar }).click();
  await expect(drawer).toHaveCount(0);

  await openDrawer(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(open).toBeFocused();

  // Its links close it too, on the way to where they lead.
  await openDrawer(page);
  await drawer.getByRole('button', { name: 'English' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(/\/en\/chats\/new$/);
});

test('a left drag of more than 50 px closes the drawer, a shorter one does not (pointer)', async ({
  page,
}) => {
  await openNewChat(page, 'mne');
  await openDrawer(page);
  const panel = page.getByTestId('sidebar-drawer');
  const box = (await panel.boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width - 40;
  const drag = async (dx: number) => {
    await page.mouse.move(x0, y);
    await page.mouse.down();
    await page.mouse.move(x0 + dx, y, { steps: 5 });
    await page.mouse.up();
  };
  await drag(-30);
  await expect(panel).toBeVisible();
  await drag(-45);
  await expect(panel).toBeVisible();
  await expect(drawerOf(page)).toHaveCount(1);
  await drag(-120);
  await expect(drawerOf(page)).toHaveCount(0);
});

// DEFECT (packages/web/src/features/sidebar/useSwipeToClose.ts): with a real finger Chrome fires
// pointerdown, then pointercancel as soon as it takes the gesture over for panning; the hook's
// onPointerCancel clears the shared start point, so the touchend that follows finds none and the
// drawer never closes (traced: pointerdown 280, touchstart, pointermove, pointercancel,
// touchmove…, touchend 160). Expected: a left swipe over 50 px closes the drawer. Fix: give the
// panel `touch-action: pan-y` (Tailwind `touch-pan-y`) and/or ignore pointer events whose
// pointerType is 'touch' (the touch handlers cover them).
test.fixme('a left finger swipe of more than 50 px closes the drawer, a shorter one does not', async ({
  page,
}) => {
  await openNewChat(page, 'mne');
  await openDrawer(page);
  const panel = page.getByTestId('sidebar-drawer');
  await swipe(page, panel, -30);
  await expect(panel).toBeVisible();
  await expect(drawerOf(page)).toHaveCount(1);
  await swipe(page, panel, -120);
  await expect(drawerOf(page)).toHaveCount(0);
});

test('the luggage card is hidden on a phone, the other two are shown', async ({ page }) => {
  const chat = chatScreen(page, 'mne');
  await openNewChat(page, 'mne');
  await expect(chat.card(TEXT.mne.luggageCard)).toBeHidden();
  await expect(chat.card(TEXT.mne.petsCard)).toBeVisible();
  await expect(chat.card(TEXT.mne.childrenCard)).toBeVisible();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
