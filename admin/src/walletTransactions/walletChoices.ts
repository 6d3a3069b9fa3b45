/** The list's filter choices; "All" is the empty choice (spec 002 "Transaction list filters"). */
export const walletTypeChoices = [
  { id: 'Credit', name: 'Credit' },
  { id: 'Debit', name: 'Debit' },
  { id: 'Refunded', name: 'Refunded' },
];

export const walletStatusChoices = [
  { id: 'Success', name: 'Success' },
  { id: 'Failed', name: 'Failed' },
  { id: 'Created', name: 'Created' },
];
