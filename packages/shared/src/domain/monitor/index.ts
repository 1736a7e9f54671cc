export * from './modes'
export * from './modules'
export * from './verification'
