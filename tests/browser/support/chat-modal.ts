import type { Locator, Page } from 'playwright-core';

/** The header's chat window ('Чаты') opened on the page. */
export async function openChats(page: Page): Promise<Locator> {
  await page.getByTestId('header-chat').click();
  return page.getByRole('dialog', { name: 'Чаты' });
}

/** The chat window opened on a group's chat (by its name), once its channel is live. */
export async function openLiveChat(page: Page, name: string): Promise<Locator> {
  const modal = await openChats(page);
  await modal.getByText(name).first().click();
  await modal.locator('[data-testid="chat-messages"][data-channel-state="live"]').waitFor();
  return modal;
}
