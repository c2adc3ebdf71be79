/**
 * The audit module's public face (docs/decisions/0292): what other modules use to record and
 * read audit events. The repository stays the module's inside; these are its names as is.
 */
export {
  actorOf,
  changedFields,
  listAuditEvents,
  listAuditRecords,
  recordAuditEvents,
  SYSTEM_ACTOR,
  type AuditActor,
  type AuditChanges,
  type AuditEvent,
  type AuditRecord,
} from './audit.repository.js';
