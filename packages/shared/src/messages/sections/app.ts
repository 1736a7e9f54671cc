/** zh-CN names of the portal itself (also read by the web build's config for the page title, so this file imports nothing). */
export const appZh = {
  name: '自然资源卫星遥感云服务平台',
  shortName: '卫星遥感云服务',
  demoData: '演示数据',
}
