import type { ProductRow } from '../catalog/catalog.repository.js';

const GENSHIN_SERVERS = ['America', 'Asia', 'Europe', 'TW_HK_Mo'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** DESIGN section 13's input rules: player ids, zones, servers, e-mails for OTT. */
export function inputsValid(
  product: Pick<ProductRow, 'type' | 'category'>,
  input1: string,
  input2: string,
) {
  if (!input2 || input2.length > 64) return false;
  if (product.category === 'ott' || product.category === 'others') {
    return EMAIL.test(input1) && input1.length <= 254;
  }
  if (!/^\d{6,12}$/.test(input1)) return false;
  if (product.type === 'MLBB') return /^\d{1,5}$/.test(input2);
  if (product.type === 'GENSHIN') return GENSHIN_SERVERS.includes(input2);
  return true;
}
