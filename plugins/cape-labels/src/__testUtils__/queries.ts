import { screen, within } from '@testing-library/react';

/** A Tower's row on the card, found by the Tower's title. */
export function towerRow(title: string): HTMLElement {
  return screen.getByRole('group', { name: title });
}

/** {@link towerRow}, once the card shows it. */
export function findTowerRow(title: string): Promise<HTMLElement> {
  return screen.findByRole('group', { name: title });
}

/** A headline figure of a row (such as "scanned"), found by the label under it. */
export function figure(row: HTMLElement, label: string): HTMLElement {
  return within(row).getByRole('group', { name: label });
}
