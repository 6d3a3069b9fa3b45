import { AdminAlertEntity } from './modules/operations/admin-alert.entity.js';

/**
 * Every table's entity, each owned by the module whose folder holds it. The data source loads
 * these; `test/e2e/entity-drift.e2e-spec.ts` checks they describe what the migrations built.
 */
export const storeEntities = [AdminAlertEntity];
