import { outline } from './icons';

// Icons of the sidebar, the delete dialog and the staff console: lazy chunks only, so they stay
// out of the passenger's first load.
export const TrashIcon = outline([
  'M4 7h16',
  'M10 11v6',
  'M14 11v6',
  'M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12',
  'M9 7V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V7',
]);
export const PlusIcon = outline(['M12 5v14', 'M5 12h14']);
export const GlobeIcon = outline([
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z',
  'M3.5 9h17',
  'M3.5 15h17',
  'M12 3c2.5 2.6 3.5 5.6 3.5 9s-1 6.4-3.5 9c-2.5-2.6-3.5-5.6-3.5-9s1-6.4 3.5-9Z',
]);
