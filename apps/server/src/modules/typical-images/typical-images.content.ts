import type { Locale, TypicalImageKey } from '@rs/shared'
import { TYPICAL_IMAGE_CONTENT_EN } from './typical-images.content.en-US'

/** Which way a camera of a stereo satellite looks. */
export type ViewDirection = 'forward' | 'nadir' | 'backward'

/**
 * How the illustration draws the imaging: a push-broom strip, the views of a stereo camera (the
 * highlighted one is this sample's), a staring camera in geostationary orbit, or a side-looking
 * radar strip (pair: the two LuTan-1 satellites in pursuit).
 */
export type Scene =
  | { kind: 'push-broom'; look: 'pan' | 'colour'; swathLabel?: string }
  | { kind: 'stereo'; views: ViewDirection[]; highlight: ViewDirection; laser?: string }
  | { kind: 'staring'; altitudeLabel: string; areaLabel: string }
  | { kind: 'sar-strip'; pair: boolean }

/** The figure lines of the illustration's panel; keys name the label in typicalImage.illustration.figures. */
export type FigureLabel = 'sensor' | 'mode' | 'resolution' | 'swath' | 'bands' | 'orbit' | 'wavelength' | 'formation'

export interface TypicalImageContent {
  slug: string
  satellite: string
  sensor: string
  title: string
  shows: string
  howTaken: string
  figures: Array<[FigureLabel, string]>
  scene: Scene
}

/**
 * What each sample of SPEC §2 shows and how such an image is taken. Every number is one of the facts
 * of data/satellites/satellites.json for the slug (a test checks it); where the facts give no
 * figure (ZY-3 swath, view angles, L-SAR resolution and swath) none is given.
 */
export const TYPICAL_IMAGE_CONTENT: Record<TypicalImageKey, TypicalImageContent> = {
  'zy3-mux': {
    slug: 'zy3',
    satellite: '资源三号卫星',
    sensor: '多光谱相机',
    title: '资源三号 多光谱影像',
    shows: '多光谱谱段合成的彩色影像：植被、水体、裸地和城镇在各谱段的反射差异呈现为不同颜色，可用于土地利用分类和变化发现。',
    howTaken:
      '多光谱相机以推扫方式成像，线阵探测器随卫星飞行逐行记录地面在多个谱段的反射，设计分辨率优于10米。卫星运行在高度约506公里、倾角97.5度的太阳同步轨道上。',
    figures: [
      ['sensor', '多光谱相机'],
      ['mode', '推扫成像'],
      ['resolution', '优于10米（设计值）'],
      ['orbit', '太阳同步轨道，约506公里'],
    ],
    scene: { kind: 'push-broom', look: 'colour' },
  },
  'zy3-pan': {
    slug: 'zy3',
    satellite: '资源三号卫星',
    sensor: '三线阵立体相机（正视）',
    title: '资源三号 全色正视影像',
    shows: '正视相机获取的全色（黑白）影像，地物纹理清晰，是立体测图和正射影像制作的基础。',
    howTaken:
      '三线阵立体相机中的正视相机垂直向下推扫成像，设计分辨率优于2.5米；前视、后视相机在卫星飞近和飞离时对同一地面先后成像，三者组成立体。',
    figures: [
      ['sensor', '三线阵立体相机·正视'],
      ['mode', '推扫成像，垂直向下'],
      ['resolution', '全色优于2.5米（设计值）'],
      ['orbit', '太阳同步轨道，约506公里'],
    ],
    scene: { kind: 'stereo', views: ['forward', 'nadir', 'backward'], highlight: 'nadir' },
  },
  'zy3-fwd': {
    slug: 'zy3',
    satellite: '资源三号卫星',
    sensor: '三线阵立体相机（前视）',
    title: '资源三号 前视影像',
    shows: '前视相机斜向前方获取的全色影像；与正视、后视影像配合构成立体像对，用于提取地面高程、制作数字表面模型。',
    howTaken:
      '卫星飞近目标时，前视相机以向前倾斜的视角推扫成像，设计分辨率优于4米；随后正视和后视相机再对同一地面成像，视角不同的影像组成立体。',
    figures: [
      ['sensor', '三线阵立体相机·前视'],
      ['mode', '推扫成像，向前倾斜'],
      ['resolution', '全色优于4米（设计值）'],
      ['orbit', '太阳同步轨道，约506公里'],
    ],
    scene: { kind: 'stereo', views: ['forward', 'nadir', 'backward'], highlight: 'forward' },
  },
  'zy3-bwd': {
    slug: 'zy3',
    satellite: '资源三号卫星',
    sensor: '三线阵立体相机（后视）',
    title: '资源三号 后视影像',
    shows: '后视相机回望获取的全色影像；与前视、正视影像一起构成立体，适合测量地形起伏和建筑高度。',
    howTaken: '卫星飞过目标后，后视相机以向后倾斜的视角对同一地面再次推扫成像，设计分辨率优于4米。',
    figures: [
      ['sensor', '三线阵立体相机·后视'],
      ['mode', '推扫成像，向后倾斜'],
      ['resolution', '全色优于4米（设计值）'],
      ['orbit', '太阳同步轨道，约506公里'],
    ],
    scene: { kind: 'stereo', views: ['forward', 'nadir', 'backward'], highlight: 'backward' },
  },
  gf1: {
    slug: 'gf1',
    satellite: '高分一号卫星',
    sensor: '全色多光谱相机（PMS）',
    title: '高分一号 全色多光谱影像',
    shows: '2米全色与8米多光谱影像融合后的彩色影像，兼顾细节和色彩，常用于土地利用、农作物和城乡建设监测。',
    howTaken:
      '两台全色多光谱相机并排推扫成像，组合幅宽60公里；全色谱段0.45–0.90微米、分辨率2米，蓝、绿、红、近红外四个多光谱谱段分辨率8米。星上另有四台宽幅相机，以16米分辨率组合覆盖约800公里。卫星运行在约645公里、降交点地方时10:30的太阳同步轨道上。',
    figures: [
      ['sensor', '全色多光谱相机（两台）'],
      ['resolution', '全色2米，多光谱8米'],
      ['swath', '60公里（两台组合）'],
      ['bands', '全色0.45–0.90微米；蓝、绿、红、近红外'],
      ['orbit', '太阳同步轨道，约645公里，降交点10:30'],
    ],
    scene: { kind: 'push-broom', look: 'colour', swathLabel: '60公里' },
  },
  gf2: {
    slug: 'gf2',
    satellite: '高分二号卫星',
    sensor: '全色多光谱相机（两台）',
    title: '高分二号 米级全色多光谱影像',
    shows: '米级分辨率的全色与多光谱影像，可以分辨道路、建筑和地块边界等细节，适合城市和土地的精细监测。',
    howTaken: '两台全色多光谱相机推扫成像，全色为1米级、多光谱为4米级分辨率，成像幅宽45公里。卫星运行在太阳同步轨道上。',
    figures: [
      ['sensor', '全色多光谱相机（两台）'],
      ['mode', '推扫成像'],
      ['resolution', '全色1米级，多光谱4米级'],
      ['swath', '45公里'],
      ['orbit', '太阳同步轨道'],
    ],
    scene: { kind: 'push-broom', look: 'colour', swathLabel: '45公里' },
  },
  gf4: {
    slug: 'gf4',
    satellite: '高分四号卫星',
    sensor: '面阵凝视相机',
    title: '高分四号 凝视影像',
    shows: '从地球同步轨道拍摄的大范围影像，一景覆盖数百公里，适合观察云系、火场和洪涝等快速变化的现象。',
    howTaken:
      '卫星位于约35786公里高的地球同步轨道，相对地面基本静止，用面阵相机对同一区域“凝视”并按需连续成像；可见光近红外分辨率50米，中波红外400米，单景幅宽大于400公里。',
    figures: [
      ['sensor', '面阵凝视相机'],
      ['mode', '凝视成像，可连续拍摄'],
      ['resolution', '可见光近红外50米，中波红外400米'],
      ['swath', '大于400公里'],
      ['orbit', '地球同步轨道，约35786公里'],
    ],
    scene: { kind: 'staring', altitudeLabel: '约35786公里', areaLabel: '幅宽大于400公里' },
  },
  'gf7-mux': {
    slug: 'gf7',
    satellite: '高分七号卫星',
    sensor: '双线阵立体相机（多光谱）',
    title: '高分七号 多光谱影像',
    shows: '3.2米分辨率的多光谱彩色影像，可与亚米级全色影像融合，用于精细的地物识别和测图。',
    howTaken: '双线阵立体相机在获取全色立体影像的同时推扫获取多光谱影像，多光谱分辨率3.2米，幅宽20公里。卫星运行在太阳同步轨道上。',
    figures: [
      ['sensor', '双线阵立体相机'],
      ['mode', '推扫成像'],
      ['resolution', '多光谱3.2米'],
      ['swath', '20公里'],
      ['orbit', '太阳同步轨道'],
    ],
    scene: { kind: 'push-broom', look: 'colour', swathLabel: '20公里' },
  },
  'gf7-fwd': {
    slug: 'gf7',
    satellite: '高分七号卫星',
    sensor: '双线阵立体相机（前视）',
    title: '高分七号 前视影像',
    shows: '前视相机获取的亚米级全色影像，与后视影像组成立体像对，用于1:1万比例尺立体测图。',
    howTaken:
      '卫星飞近目标时，前视相机向前倾斜推扫成像，之后后视相机回望同一地面；全色分辨率优于0.8米，幅宽20公里。两波束激光测高仪以3赫兹的频率测量地面，足印直径小于30米，为立体影像提供高程控制。',
    figures: [
      ['sensor', '双线阵立体相机·前视'],
      ['mode', '推扫成像，向前倾斜'],
      ['resolution', '全色优于0.8米'],
      ['swath', '20公里'],
      ['orbit', '太阳同步轨道'],
    ],
    scene: { kind: 'stereo', views: ['forward', 'backward'], highlight: 'forward', laser: '足印小于30米，3赫兹' },
  },
  'gf7-bwd': {
    slug: 'gf7',
    satellite: '高分七号卫星',
    sensor: '双线阵立体相机（后视）',
    title: '高分七号 后视影像',
    shows: '后视相机获取的亚米级全色影像，与前视影像一起构成立体，并可与多光谱影像融合。',
    howTaken:
      '卫星飞过目标后，后视相机向后倾斜对同一地面推扫成像，全色分辨率优于0.8米，最高约0.65米，幅宽20公里；激光测高仪测得的高程点用于提高立体测图的高程精度。',
    figures: [
      ['sensor', '双线阵立体相机·后视'],
      ['mode', '推扫成像，向后倾斜'],
      ['resolution', '全色优于0.8米（最高约0.65米）'],
      ['swath', '20公里'],
      ['orbit', '太阳同步轨道'],
    ],
    scene: { kind: 'stereo', views: ['forward', 'backward'], highlight: 'backward', laser: '足印小于30米，3赫兹' },
  },
  'lsar-1': {
    slug: 'lsar',
    satellite: '陆地探测一号01组A星',
    sensor: 'L波段合成孔径雷达',
    title: 'L-SAR 条带影像（一）',
    shows: '雷达条带影像：明暗表示地面回波的强弱，山体、水体、植被和建筑的回波各不相同；成像不受云雨和昼夜影响。',
    howTaken:
      '雷达天线面积超过33平方米，向飞行方向的一侧斜向发射波长约23厘米的L波段微波并接收回波，随卫星飞行合成出一条连续的条带影像。L波段对植被有较强的穿透能力。',
    figures: [
      ['sensor', 'L波段合成孔径雷达'],
      ['mode', '侧视条带成像'],
      ['wavelength', '约23厘米（L波段）'],
      ['orbit', '太阳同步轨道'],
    ],
    scene: { kind: 'sar-strip', pair: false },
  },
  'lsar-2': {
    slug: 'lsar',
    satellite: '陆地探测一号01组B星',
    sensor: 'L波段合成孔径雷达',
    title: 'L-SAR 条带影像（二）',
    shows: '同一地区不同时间的两景雷达条带影像可以做差分干涉，得到地表形变图，用于地面沉降、滑坡和地震形变监测。',
    howTaken:
      '陆地探测一号01组A、B两星设计相同。“跟飞”编队时两星沿同一轨道先后对同一条带成像，差分干涉可测量地表形变；“绕飞”编队时两星协同成像，可干涉测高。全国形变图约28天更新一次。',
    figures: [
      ['sensor', 'L波段合成孔径雷达（A、B两星）'],
      ['mode', '侧视条带成像'],
      ['wavelength', '约23厘米（L波段）'],
      ['formation', '跟飞（差分干涉）、绕飞（干涉测高）'],
    ],
    scene: { kind: 'sar-strip', pair: true },
  },
}

/** When the illustrations and these texts were written (the updatedAt of an untouched sample). */
export const CONTENT_DATE = '2026-11-22T00:00:00.000Z'

/** A sample's content in a language: the Chinese above, or its English (typical-images.content.en-US.ts). */
export function typicalImageContent(key: TypicalImageKey, locale: Locale): TypicalImageContent {
  const zh = TYPICAL_IMAGE_CONTENT[key]
  if (locale !== 'en-US') return zh
  const en = TYPICAL_IMAGE_CONTENT_EN[key]
  return {
    ...zh,
    satellite: en.satellite,
    sensor: en.sensor,
    title: en.title,
    shows: en.shows,
    howTaken: en.howTaken,
    figures: zh.figures.map(([label, value], i) => [label, en.figures[i] ?? value]),
    scene: { ...zh.scene, ...en.scene } as Scene,
  }
}
