import { type Kysely, sql } from 'kysely'
import type { Database } from './schema'

/**
 * The portal's first satellite news, written for this portal from the facts of
 * data/satellites/satellites.json (launch dates, payloads, orbits); every number in them is one of
 * those facts, and the source is the organisation or site of one of the series' `sources`
 * (sourceUrl, kept here for traceability). Dates are the event dates (Beijing date for Chinese
 * launches). A paragraph starting with 补记 adds a later fact from the same series.
 */
export interface InitialArticle {
  title: string
  summary: string
  date: string
  source: string
  sourceUrl: string
  satelliteSlug: string
  paragraphs: string[]
}

export const INITIAL_NEWS: InitialArticle[] = [
  {
    title: '资源三号04星发射入轨 立体测绘卫星组网再添新成员',
    summary: '2025年12月16日，资源三号04星在太原发射。新星搭载激光测高仪，接替已于2025年退役的01星，与02星、03星共同组网运行。',
    date: '2025-12-16',
    source: '科技日报',
    sourceUrl: 'https://www.stdaily.com/web/gdxw/2025-12/16/content_447851.html',
    satelliteSlug: 'zy3',
    paragraphs: [
      '2025年12月16日11时17分，长征四号乙运载火箭在太原卫星发射中心将资源三号04星送入太空。这是资源三号系列的第四颗卫星，自然资源部（国土卫星遥感应用中心）是该系列的牵头用户。',
      '资源三号是我国首个民用高分辨率光学立体测绘卫星系列。星上的三线阵相机分别朝前、朝下、朝后观测，卫星飞过时三台相机先后从三个角度对同一地面成像，组成立体像对，据此可以量测地面高程；多光谱相机则同步获取彩色影像。按01星的设计指标，正视全色影像分辨率优于2.5米，前视和后视优于4米，多光谱优于10米。',
      '与前几颗卫星不同，04星还配置了激光测高仪。激光测得的高程点可以作为立体影像的高程参考，在缺少地面控制资料的地区尤其有用。',
      '资源三号01星于2012年1月9日发射，已于2025年退役；03星于2020年7月入轨。04星接替01星后，与02星、03星组网观测。卫星运行在高度约506公里、倾角97.5度的太阳同步轨道上，主要服务于1:5万比例尺测图和更大比例尺地图的修测更新。',
      '截至2025年12月，资源三号系列卫星累计获取有效影像约403万景，是自然资源调查监测和基础测绘的重要数据来源。',
    ],
  },
  {
    title: '哨兵一号C星发射升空 接续欧洲C波段雷达观测',
    summary: '2024年12月5日，哥白尼计划的哨兵一号C星由织女星C火箭在库鲁发射，接续2021年底发生故障的1B星，继续提供C波段雷达影像。',
    date: '2024-12-05',
    source: 'eoPortal',
    sourceUrl: 'https://directory.eoportal.org/web/eoportal/satellite-missions/s/sentinel-1',
    satelliteSlug: 'sentinel1',
    paragraphs: [
      '2024年12月5日，欧洲航天局与欧盟委员会共同实施的哥白尼计划迎来哨兵一号C星发射。卫星搭乘织女星C火箭（VV25任务）从库鲁发射场升空。',
      '哨兵一号1B星在2021年12月发生供电故障，任务于2022年结束，此后只剩1A星在轨工作。1C星的任务是接续1B星的观测，与1A星一起维持C波段雷达数据的连续性。',
      '卫星搭载C波段合成孔径雷达，工作频率5.405吉赫，天线长12米，可双极化成像。雷达有四种模式：干涉宽幅模式幅宽250公里、分辨率5×20米；超宽幅模式幅宽约400公里、分辨率20×40米；条带模式幅宽80公里、分辨率5×5米；波模式获取20×20公里的小幅影像。1C星还新增了船舶自动识别（AIS）接收能力。',
      '哨兵一号运行在高度693公里、倾角98.18度的晨昏太阳同步轨道上，单星12天重复观测一次，两星配合时缩短为6天。雷达成像不受云雨和昼夜影响，适合持续监测地表与海面。',
      '补记：2025年11月，哨兵一号D星也已发射入轨，哨兵一号恢复了双星运行。',
    ],
  },
  {
    title: '哨兵二号C星升空 将接替2A星开展多光谱观测',
    summary: '2024年9月4日，哨兵二号C星由织女星火箭从库鲁发射，将接替2015年发射的2A星，与2B星一起继续提供10米级多光谱影像。',
    date: '2024-09-04',
    source: 'ESA',
    sourceUrl: 'https://sentinel.esa.int/web/sentinel/missions/sentinel-2/overview',
    satelliteSlug: 'sentinel2',
    paragraphs: [
      '协调世界时2024年9月4日1时50分，哨兵二号C星由织女星火箭从库鲁发射升空。哨兵二号是欧盟哥白尼计划中的高分辨率多光谱成像任务，由欧洲航天局与欧盟委员会共同实施。',
      '按计划，2C星将接替2015年发射的2A星，与2017年3月7日发射的2B星配合工作。两颗卫星在同一轨道上相位相差180度，在赤道地区5天即可重访一次。',
      '每颗哨兵二号卫星都搭载多光谱成像仪（MSI），在786公里高的太阳同步轨道上以290公里幅宽成像，共13个波段，覆盖可见光、近红外到短波红外：其中4个波段分辨率10米，6个波段20米，3个波段60米。',
      '多光谱成像仪包含三个红边波段，对植被叶绿素含量和长势变化较为敏感，因此哨兵二号影像常用于农作物长势、森林和土地覆盖等方面的监测。',
    ],
  },
  {
    title: '5颗吉林一号高分03D卫星发射 星座在轨卫星增至75颗',
    summary: '2022年11月16日，5颗吉林一号高分03D卫星发射入轨，吉林一号星座在轨卫星增至75颗，可对全球任意地点每天重访25至27次。',
    date: '2022-11-16',
    source: '光明日报',
    sourceUrl: 'http://twwtn.com/article/202211/33698.html',
    satelliteSlug: 'jl1',
    paragraphs: [
      '2022年11月16日，由长光卫星技术股份有限公司研制的5颗吉林一号高分03D卫星发射升空，顺利进入预定轨道。这批卫星属于轻小型高分辨率光学遥感卫星。',
      '这次发射后，吉林一号星座的在轨卫星达到75颗，对全球任意地点每天可重访25至27次，能够更频繁地为农业、林业、资源和城市建设等领域提供遥感数据。',
      '吉林一号是长光卫星技术股份有限公司建设的商业遥感卫星星座，2015年10月7日以“一箭四星”方式首次发射，开启了我国商业遥感卫星的先河。星座包括高分、宽幅、视频、光谱等多个系列，其中高分02系列卫星在535公里高的轨道上可获得0.75米分辨率、幅宽40公里的影像。',
      '补记：此后星座继续扩充，截至2025年10月，吉林一号已完成31次发射，在轨卫星达到141颗。',
    ],
  },
  {
    title: '德国EnMAP高光谱卫星发射 以30米分辨率获取连续光谱',
    summary: '2022年4月1日，德国首颗高光谱卫星EnMAP由猎鹰9号火箭从卡纳维拉尔角发射，将在420至2450纳米范围内获取连续光谱影像。',
    date: '2022-04-01',
    source: 'eoPortal',
    sourceUrl: 'https://eoportal.org/web/eoportal/satellite-missions/e/enmap',
    satelliteSlug: 'enmap',
    paragraphs: [
      '2022年4月1日，德国环境制图与分析计划（EnMAP）卫星搭乘猎鹰9号火箭从美国卡纳维拉尔角发射升空。这是德国第一颗高光谱卫星，任务由德国宇航中心（DLR）管理，德国地学研究中心（GFZ）负责科学工作。',
      '卫星的核心载荷是高光谱成像仪，分为可见光近红外（420–1000纳米）和短波红外（900–2450纳米）两个光谱仪，以30米地面分辨率、30公里幅宽成像。与只有少数宽波段的多光谱相机不同，它为每个像元记录一条近乎连续的光谱曲线。',
      'EnMAP运行在高度653公里的太阳同步轨道上，降交点地方时为11:00，轨道重复周期27天；借助±30度的侧摆指向，可在4天内再次观测同一地点。',
      '连续光谱能够区分普通多光谱影像难以分辨的物质差异，EnMAP数据将用于生态与植被、土壤、水体和地质等方面的研究。',
    ],
  },
  {
    title: '陆地探测一号01组B星发射 L波段雷达双星星座部署完成',
    summary: '2022年2月27日，陆地探测一号01组B星在酒泉发射，与一个月前入轨的A星组成用于地表形变干涉测量的L波段双星星座。',
    date: '2022-02-27',
    source: 'superpyq.com',
    sourceUrl: 'https://superpyq.com/topic/621ae12faed3166c53a7ad21',
    satelliteSlug: 'lsar',
    paragraphs: [
      '北京时间2022年2月27日7时44分（协调世界时2月26日23时44分），长征四号丙运载火箭在酒泉卫星发射中心点火升空，将陆地探测一号01组B星送入轨道。',
      'B星与2022年1月26日发射的A星设计相同，都携带L波段合成孔径雷达。两星入轨后组成全球首个用于地表形变干涉测量的L波段双星星座。',
      '在“跟飞”编队下，两颗卫星沿同一轨道先后经过同一地区，通过差分干涉获取地表形变信息；在“绕飞”编队下，两星近距离协同成像，实现干涉测高。前者服务于形变监测，后者服务于地形测绘。',
      '补记：陆地探测一号01组卫星于2023年12月29日正式投入使用，全国地表形变图约每28天可更新一次。',
    ],
  },
  {
    title: '陆地探测一号01组A星发射 L波段差分干涉雷达卫星入轨',
    summary: '2022年1月26日，陆地探测一号01组A星在酒泉由长征四号丙火箭发射，这是一颗用于地表形变监测的L波段合成孔径雷达卫星。',
    date: '2022-01-26',
    source: '中国新闻网',
    sourceUrl: 'http://www.eggcake.com.cn/news_kdldtcyh01zaxzgzgkjzddsarwx2022n01y27r1258lyzgxww.html',
    satelliteSlug: 'lsar',
    paragraphs: [
      '北京时间2022年1月26日上午，长征四号丙运载火箭在酒泉卫星发射中心将陆地探测一号01组A星送入预定轨道。卫星由中国航天科技集团八院抓总研制。',
      '陆地探测一号01组由两颗设计相同的L波段合成孔径雷达（SAR）卫星组成，A星是其中的第一颗。L波段雷达的波长约23厘米，比常见的C波段、X波段更长，对植被有较强的穿透能力。',
      '卫星的雷达天线面积超过33平方米。两星入轨后可以按两种编队飞行：“跟飞”时前后相随，重复观测同一地区，用差分干涉测量地表的微小形变；“绕飞”时相互环绕，从两个位置同时成像，用干涉测量生成数字高程模型。',
      '这组卫星建成后将是全球首个用于地表形变干涉测量的L波段双星星座，可为地面沉降、滑坡等地质灾害隐患的早期识别提供数据。',
    ],
  },
  {
    title: '资源一号02E星发射 与02D星组网缩短国土重访周期',
    summary: '2021年12月26日，资源一号02E星在太原发射。新星增加了红外相机，与02D星组网后，可见近红外相机对国土的重访由3天缩短为2天。',
    date: '2021-12-26',
    source: '中华网',
    sourceUrl: 'http://tech.china.com/article/20211227/20211227966093.html',
    satelliteSlug: 'zy102d',
    paragraphs: [
      '2021年12月26日11时11分，长征四号丙运载火箭在太原卫星发射中心发射资源一号02E星。这颗卫星又称5米光学卫星02星，是资源一号02D星的姊妹星。',
      '02D星于2019年9月12日发射，是我国首颗民用高光谱业务卫星，由自然资源部主导建设，国土卫星遥感应用中心是其所有者和用户。它的可见近红外相机有1个全色谱段和8个多光谱谱段，全色2.5米、多光谱10米，幅宽115公里；高光谱相机有166个谱段，可见近红外和短波红外的光谱分辨率分别为10纳米和20纳米，地面分辨率约30米，幅宽60公里。',
      '02E星在继承02D星载荷的基础上增加了一台红外相机。按公开资料，它的全色分辨率优于5米，多光谱10米，高光谱30米。',
      '单颗卫星的可见近红外相机对国土的重访周期为3天，02D星与02E星组网后缩短为2天，可以更快地获取自然资源调查监测所需的影像。',
    ],
  },
  {
    title: '1米C-SAR业务卫星首星发射 我国雷达卫星迈向业务化运行',
    summary: '2021年11月23日，1米C-SAR业务卫星首星（高分三号02星）在酒泉发射，它继承高分三号的12种成像模式，并新增船舶自动识别接收能力。',
    date: '2021-11-23',
    source: '中国自然资源报',
    sourceUrl: 'https://52ocean.cn/thread-100818-1-1.html',
    satelliteSlug: 'csar',
    paragraphs: [
      '北京时间2021年11月23日7时45分，长征四号丙运载火箭在酒泉卫星发射中心将1米C-SAR业务卫星首星送入轨道，这颗卫星也称高分三号02星。',
      '1米C-SAR业务卫星由自然资源部主持建造，运行单位为自然资源部国家卫星海洋应用中心，是面向海洋业务的雷达卫星。卫星主载荷为C波段多极化合成孔径雷达，继承了高分三号的12种成像模式，最高分辨率1米。',
      '与高分三号01星相比，新星加装了船舶自动识别系统（AIS）接收机，雷达影像中的船只可以与AIS报文相互印证，便于开展海上目标监视。',
      '卫星运行在高度约755公里的太阳同步轨道上。按照计划，两颗1米C-SAR业务卫星将与高分三号01星在同一轨道面均匀分布，组成我国首个海洋监视监测雷达卫星星座，实现1天重访。',
    ],
  },
  {
    title: 'Landsat 9发射成功 与Landsat 8联合实现8天重访',
    summary: '2021年9月27日，美国Landsat 9卫星由宇宙神5号火箭从范登堡发射，与Landsat 8配合，将同一地点的重访周期缩短为8天。',
    date: '2021-09-27',
    source: 'CGG Satellite Blog',
    sourceUrl: 'https://satelliteblog.cgg.com/landsat-9-successfully-launched',
    satelliteSlug: 'landsat',
    paragraphs: [
      '协调世界时2021年9月27日18时12分，宇宙神5号（Atlas V 401）火箭从美国范登堡SLC-3E发射台升空，将Landsat 9送入轨道。',
      'Landsat系列由美国航空航天局（NASA）和美国地质调查局（USGS）合作运行，自1972年延续至今，是研究长期地表变化的基准数据源。',
      'Landsat 9搭载陆地成像仪OLI-2和热红外传感器TIRS-2，共11个波段：全色波段15米，多光谱波段30米，两个热红外波段100米，幅宽185公里。多光谱波段从433纳米的海岸/气溶胶波段延伸到2300纳米的短波红外，另设1360–1390纳米的卷云波段。',
      '卫星运行在高度705公里、倾角98.2度的太阳同步轨道上。单颗卫星每16天重访同一地点，Landsat 8与Landsat 9相位相差8天，两星合计每8天即可观测一次。',
      '补记：Landsat 9于2022年1月投入使用。',
    ],
  },
  {
    title: '高分五号02星发射 七台载荷服务环境综合监测',
    summary: '2021年9月7日，高分五号02星在太原发射。它是高分专项唯一的高光谱观测卫星系列的新成员，配置7台载荷，主要服务生态环境综合监测。',
    date: '2021-09-07',
    source: '新华网',
    sourceUrl: 'http://www.news.cn/politics/2021-09/07/c_1127835998.htm',
    satelliteSlug: 'gf5',
    paragraphs: [
      '2021年9月7日11时01分，长征四号丙运载火箭在太原卫星发射中心将高分五号02星送入预定轨道。卫星基于SAST3000平台研制，共配置7台载荷。',
      '高分五号是国家高分辨率对地观测系统重大专项中唯一的高光谱观测卫星。01星于2018年5月9日发射，2019年3月21日投入使用，重约2700千克，搭载可见短波红外高光谱相机、全谱段光谱成像仪，以及大气红外超光谱探测仪、大气痕量气体差分吸收光谱仪、大气主要温室气体监测仪和定向偏振相机四台大气探测载荷。',
      '这些载荷的观测范围从紫外一直延伸到长波红外，既能对地表成像、识别地物的光谱特征，也能测量大气中的二氧化氮、二氧化硫等污染气体，二氧化碳、甲烷等温室气体以及气溶胶。',
      '高分五号的牵头用户是生态环境部。02星入轨后与01星共同工作，将为大气、水体和陆地生态环境的综合监测提供更多数据。',
    ],
  },
  {
    title: '高分七号卫星发射 我国民用立体测绘进入亚米级',
    summary: '2019年11月3日，高分七号卫星在太原发射。它是我国首颗民用亚米级光学传输型立体测绘卫星，可实现1:1万比例尺立体测图。',
    date: '2019-11-03',
    source: '新华社',
    sourceUrl: 'https://kjttwang.com/xinwen/show-78257.html',
    satelliteSlug: 'gf7',
    paragraphs: [
      '北京时间2019年11月3日11时22分，长征四号乙运载火箭在太原卫星发射中心将高分七号卫星送入太阳同步轨道。卫星属于国家高分辨率对地观测系统重大专项，自然资源部是其牵头用户。',
      '高分七号搭载双线阵立体相机，一台向前看、一台向后看，卫星飞过时两台相机从不同角度对同一地面成像，构成立体像对。相机可获取幅宽20公里、分辨率优于0.8米的全色立体影像（后视相机最高约0.65米），以及3.2米分辨率的多光谱影像。',
      '卫星还装有两波束激光测高仪，每秒向地面发射3次激光，地面光斑直径小于30米，并以高于1吉赫的采样频率记录完整的回波波形。激光测得的高程能为立体影像提供高精度的高程控制。',
      '依靠相机与激光测高仪的复合测绘，高分七号可以实现1:1万比例尺的立体测图，服务于自然资源调查监测、基础测绘和全球地理信息资源建设。',
    ],
  },
  {
    title: '意大利PRISMA高光谱卫星发射 约239个谱段覆盖400至2505纳米',
    summary:
      '2019年3月22日，意大利航天局的PRISMA卫星由织女星火箭从库鲁发射，它以30米分辨率获取约239个谱段的高光谱影像，并配有5米全色相机。',
    date: '2019-03-22',
    source: 'eoPortal',
    sourceUrl: 'https://directory.eoportal.org/web/eoportal/satellite-missions/content/-/article/prisma-hyperspectral',
    satelliteSlug: 'prisma',
    paragraphs: [
      '协调世界时2019年3月22日1时50分，织女星火箭（VV13任务）从库鲁发射场将PRISMA卫星送入轨道。这颗高光谱对地观测卫星由意大利航天局（ASI）全额出资。',
      '卫星的高光谱相机分为两个通道：可见光近红外通道覆盖400–1010纳米，有66个谱段；短波红外通道覆盖920–2505纳米，有171至173个谱段，合计约239个谱段，光谱分辨率不大于12纳米。高光谱影像的地面分辨率为30米，幅宽30公里。',
      '星上另有一台全色相机，工作波长400–700纳米，分辨率5米，幅宽同为30公里。全色影像可以与高光谱数据融合，使地物边界更加清晰。',
      'PRISMA运行在高度约615公里、倾角97.9度的太阳同步轨道上，重复周期29天，数据用于植被、水体、矿产和环境污染等方面的研究。',
      '补记：PRISMA自2020年5月起开展科学运行。',
    ],
  },
  {
    title: '高分一号B、C、D星一箭三星发射 我国首个民用高分辨率业务星座建成',
    summary: '2018年3月31日，高分一号B、C、D三颗卫星以一箭三星方式在太原发射，组成我国首个民用高分辨率光学业务星座。',
    date: '2018-03-31',
    source: '央视网',
    sourceUrl: 'https://news.china.com/domesticgd/10000159/20180401/32259604_all.html',
    satelliteSlug: 'gf1bcd',
    paragraphs: [
      '2018年3月31日11时22分，太原卫星发射中心以“一箭三星”方式发射高分一号B、C、D星，这三颗卫星又称高分一号02、03、04星。自然资源部是该星座的牵头用户。',
      '三颗卫星的性能指标一致，均搭载全色多光谱相机（PMS），全色分辨率2米、多光谱分辨率优于8米，单星成像幅宽大于60公里。',
      '三星组网后，可对同一地区每2天重访一次，15天覆盖全球一次；与在轨运行的高分一号01星协同观测时，重访周期可缩短到1天。',
      '2米分辨率兼顾了细节与覆盖范围，这一星座为大范围、高频次的自然资源调查监测提供了稳定的数据来源。',
    ],
  },
  {
    title: '高分四号卫星发射 我国首颗地球同步轨道高分辨率光学卫星入轨',
    summary: '2015年12月29日，高分四号卫星在西昌发射。它在约35786公里高的地球同步轨道上，对我国及周边地区长期凝视成像。',
    date: '2015-12-29',
    source: '经济日报',
    sourceUrl: 'http://paper.ce.cn/jjrb/html/2016-02/04/content_291353.htm',
    satelliteSlug: 'gf4',
    paragraphs: [
      '北京时间2015年12月29日0时04分（协调世界时12月28日16时04分），长征三号乙运载火箭在西昌卫星发射中心将高分四号卫星送入太空。',
      '与运行在几百公里高度的低轨遥感卫星不同，高分四号位于约35786公里高的地球同步轨道，相对地面基本静止，可以对我国及周边地区长时间“凝视”，按需反复成像。',
      '卫星搭载大口径面阵凝视相机，可见光近红外谱段分辨率为50米，中波红外谱段分辨率为400米，单景幅宽超过400公里。',
      '由于能在短时间内对同一区域连续成像，高分四号特别适合减灾、气象、森林火灾和地震等应急监测，可以持续跟踪灾情和天气系统的变化。',
      '补记：高分四号卫星于2016年6月13日正式投入使用。',
    ],
  },
  {
    title: 'WorldView-3卫星发射 商业光学影像分辨率达到0.31米',
    summary: '2014年8月13日，WorldView-3卫星发射入轨，全色分辨率0.31米，并新增短波红外和大气校正波段。',
    date: '2014-08-13',
    source: 'eoPortal',
    sourceUrl: 'https://eoportal.org/web/eoportal/satellite-missions/v-w-x-y-z/worldview-3',
    satelliteSlug: 'worldview',
    paragraphs: [
      '2014年8月13日，美国DigitalGlobe公司（现属Maxar公司）的WorldView-3高分辨率商业光学卫星发射入轨。此前，WorldView-1于2007年发射，WorldView-2于2009年发射。',
      'WorldView-3的全色分辨率为0.31米，多光谱分辨率1.24米，幅宽13.1公里。多光谱部分有8个可见光近红外波段，除常规的蓝、绿、红和近红外外，还包括海岸、黄、红边和第二近红外波段。',
      '与前几颗卫星相比，WorldView-3新增了分辨率3.7米的短波红外波段，以及分辨率30米、用于大气校正的CAVIS波段，使影像在不同大气条件下更便于定量分析。',
      '卫星运行在高度约617公里的太阳同步轨道上，降交点地方时为13:30。',
    ],
  },
]

/** reference_data row that marks the initial articles as loaded (once: later edits and deletions stay). */
export const NEWS_MARKER = 'news-initial'

/**
 * Loads INITIAL_NEWS once, when the news table has never been seeded (no NEWS_MARKER row), oldest
 * first so that ids follow dates; afterwards the operators own the articles and nothing is reloaded.
 */
export async function loadInitialNews(db: Kysely<Database>): Promise<{ loaded: boolean; articles: number }> {
  const marker = await db.selectFrom('reference_data').select('version').where('name', '=', NEWS_MARKER).executeTakeFirst()
  if (marker) return { loaded: false, articles: 0 }
  let articles = 0
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(20261124)`.execute(trx)
    const again = await trx.selectFrom('reference_data').select('version').where('name', '=', NEWS_MARKER).executeTakeFirst()
    if (again) return
    const ordered = [...INITIAL_NEWS].sort((a, b) => a.date.localeCompare(b.date))
    await trx
      .insertInto('news')
      .values(
        ordered.map((a) => ({
          title: a.title,
          summary: a.summary,
          date: a.date,
          source: a.source,
          satellite_slug: a.satelliteSlug,
          body: a.paragraphs.join('\n\n'),
          created_by: null,
          updated_by: null,
          updated_at: new Date(),
        })),
      )
      .execute()
    await trx
      .insertInto('reference_data')
      .values({ name: NEWS_MARKER, version: String(ordered.length) })
      .execute()
    articles = ordered.length
  })
  return { loaded: articles > 0, articles }
}
