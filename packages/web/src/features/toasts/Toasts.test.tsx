import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { Toasts } from './Toasts';
import { showToast, useToastStore } from './toastStore';

let area: HTMLElement;
beforeEach(() => {
  area = document.createElement('div');
  area.id = 'notification';
  document.body.appendChild(area);
});
afterEach(() => {
  useToastStore.getState().clear();
  area.remove();
});

describe('Toasts', () => {
  it('mounts in #notification with a mark per type and a named close button', async () => {
    renderWithI18n(<Toasts />, 'mne');
    act(() => {
      showToast({ type: 'SUCCESS', title: 'Sačuvano' });
      showToast({ type: 'ERROR', title: 'Greška u slanju', description: 'Pokušajte ponovo.' });
      showToast({ type: 'INFO', title: 'Info' });
    });
    const toasts = within(area).getAllByTestId('toast');
    expect(toasts.map((t) => t.dataset.type)).toEqual(['SUCCESS', 'ERROR', 'INFO']);
    expect(toasts[1]).toHaveAttribute('role', 'alert');
    expect(toasts[0]).toHaveAttribute('role', 'status');
    expect(within(toasts[0]!).getByText('Uspjeh')).toHaveClass('sr-only');
    const closeButtons = within(area).getAllByRole('button', { name: 'Zatvori' });
    expect(closeButtons).toHaveLength(3);
    await userEvent.click(closeButtons[1]!);
    expect(screen.queryByText('Greška u slanju')).toBeNull();
    expect(within(area).getAllByTestId('toast')).toHaveLength(2);
  });
});
