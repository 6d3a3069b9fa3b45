/** The actions and entities the server writes to the audit log, as filter choices. */
const AUDIT_ACTIONS = [
  'wallet.credit',
  'user.update',
  'order.completed',
  'order.refunded',
  'order.cancelled',
  'order.settle-pack',
  'product.create',
  'product.update',
  'product.stock',
  'product.delete',
  'item.create',
  'item.update',
  'item.price',
  'item.delete',
  'coupon.create',
  'coupon.update',
  'coupon.delete',
  'gallery.upload',
  'gallery.delete',
] as const;

const AUDIT_ENTITIES = ['order', 'user', 'product', 'item', 'coupon', 'gallery'] as const;

export const auditActionChoices = AUDIT_ACTIONS.map((action) => ({ id: action, name: action }));
export const auditEntityChoices = AUDIT_ENTITIES.map((entity) => ({ id: entity, name: entity }));
