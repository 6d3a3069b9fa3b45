export const rupeeFormat: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
};

const rupees = new Intl.NumberFormat('en-IN', rupeeFormat);

export const formatRupees = (amount: number | null | undefined) =>
  rupees.format(Number(amount) || 0);
