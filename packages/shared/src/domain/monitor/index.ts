export * from './modes'
export * from './modules'
