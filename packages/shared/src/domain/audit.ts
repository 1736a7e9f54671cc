/**
 * What the audit log records (等保 安全审计). Each action's Chinese name is the message
 * `audit.action.<action>`.
 */
export const AUDIT_ACTIONS = [
  'login',
  'loginLock',
  'logout',
  'autoLogin',
  'passwordChange',
  'passwordReset',
  'register',
  'verifyCodeSend',
  /** A verification code entered wrong (or no longer valid): registration, password reset, e-mail/telephone change. */
  'verifyCodeCheck',
  /** A logged-in user refused with 403: a permission code, an area range or a service's own check. */
  'accessDenied',
  'userCreate',
  'userUpdate',
  'userUnlock',
  'userDisable',
  'newsCreate',
  'newsUpdate',
  'newsDelete',
  'newsCover',
  'typicalImageReplace',
  'typicalImageRestore',
  'aoiUpload',
  'sceneListUpload',
  'auditExport',
  'cartAdd',
  'cartRemove',
  'orderSubmit',
  'orderCancel',
  'orderApprove',
  'orderReject',
  'orderStatus',
  'orderDownload',
  'userEnable',
  'userPermissions',
  'userAreaRanges',
  'applySubmit',
  'applyWithdraw',
  'applyApprove',
  'applyReject',
  'feedbackSubmit',
  'feedbackHandle',
  'personInfoUpdate',
  'tleUpload',
  'monitorVerifyRecord',
  'monitorVerifyAccept',
  'monitorVerifyReturn',
  'monitorImport',
  'monitorImportCheck',
  'pushNodeSave',
  'pushCreate',
  'pushStatus',
  'pushRetry',
  'localImageryUpload',
  'localImageryCheck',
  'localImageryDelete',
  'planYearOpen',
  'planYearEvent',
  'planCreate',
  'planItemSave',
  'planItemDelete',
  'planSubmit',
  'planItemReview',
  'planPublish',
  'provinceMinistryCreate',
  'provinceMinistryAnswer',
  'provinceMinistryFollowUp',
  'provinceMinistryClose',
] as const

export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AUDIT_OUTCOMES = ['success', 'failure'] as const
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number]

/** Shortest retention of audit records in days (等保: at least 180 days). */
export const AUDIT_MIN_RETENTION_DAYS = 180
