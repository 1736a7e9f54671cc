/** zh-CN words of the chosen pass's frames, the satellites that were not predicted and the live map (issue 12, second part). */
export const orbitFramesZh = {
  frames: {
    title: '所选过境可拍摄的景：{count}景',
    rollAt: '侧摆{roll}°对准区域',
    nadir: '星下点成像（无需侧摆）',
    none: '所选过境没有与区域相交的景',
    loading: '正在计算所选过境的景…',
    hint: '按影像库的分景方式沿星下点轨迹切分幅宽，仅列出与区域相交的景；时间为景中心的北京时间',
    archive: '在影像查询中查看该卫星已有的影像',
    sensor: '传感器',
    centreTime: '景中心时刻',
    centre: '景中心（经度，纬度）',
  },
  notPredicted: {
    noSwath: '无法预测（缺少幅宽资料）：{names}',
    stale: '无法预测（轨道根数过旧）：{names}',
    decayed: '无法预测（轨道根数不可用或已陨落）：{names}',
  },
}
