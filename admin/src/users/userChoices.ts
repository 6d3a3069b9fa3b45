import type { Role } from '@/types';

export const roleChoices: { id: Role; name: string }[] = [
  { id: 'user', name: 'resources.usersdata.roles.user' },
  { id: 'reseller', name: 'resources.usersdata.roles.reseller' },
  { id: 'admin', name: 'resources.usersdata.roles.admin' },
];

export const flagChoices = [
  { id: 'true', name: 'app.flags.true' },
  { id: 'false', name: 'app.flags.false' },
];

export const PER_PAGE_OPTIONS = [25, 50, 100, 250, 500];

export const rupeeFormat: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
};
