export * from './grid'
export * from './modes'
export * from './modules'
export * from './verification'
