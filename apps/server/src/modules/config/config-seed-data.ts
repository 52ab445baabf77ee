import type { ConfigListName } from '@qcdesk/contract/config-lists';
import { formatSystemValue, SYSTEM_PARAMS } from '@qcdesk/contract/system-params';
import { TABLE_1, table1Bands } from '../../domain/sampling/iso2859-1';

// Demo master data for a fresh database: realistic, bilingual, and consistent with the lists'
// rules. References are written as the referenced row's code; the seed resolves them.

/** A reference by code to a row of the field's target list (departments and users too). */
export interface CodeRef {
  $code: string;
}
export const ref = (code: string): CodeRef => ({ $code: code });

export type SeedRow = Record<string, unknown>;

const named = (code: string, nameZh: string, nameEn: string, extra: SeedRow = {}): SeedRow => ({
  code,
  nameZh,
  nameEn,
  ...extra,
});

const EU = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];
const GCC = ['AE', 'SA', 'KW', 'QA', 'BH', 'OM'];

// ISO 3166-1 alpha-2; the trading partners of a Chinese inspection company.
const COUNTRIES: [string, string, string][] = [
  ['CN', '中国', 'China'],
  ['HK', '中国香港', 'Hong Kong, China'],
  ['MO', '中国澳门', 'Macao, China'],
  ['US', '美国', 'United States'],
  ['CA', '加拿大', 'Canada'],
  ['MX', '墨西哥', 'Mexico'],
  ['BR', '巴西', 'Brazil'],
  ['AR', '阿根廷', 'Argentina'],
  ['CL', '智利', 'Chile'],
  ['GB', '英国', 'United Kingdom'],
  ['CH', '瑞士', 'Switzerland'],
  ['NO', '挪威', 'Norway'],
  ['AT', '奥地利', 'Austria'],
  ['BE', '比利时', 'Belgium'],
  ['BG', '保加利亚', 'Bulgaria'],
  ['HR', '克罗地亚', 'Croatia'],
  ['CY', '塞浦路斯', 'Cyprus'],
  ['CZ', '捷克', 'Czechia'],
  ['DK', '丹麦', 'Denmark'],
  ['EE', '爱沙尼亚', 'Estonia'],
  ['FI', '芬兰', 'Finland'],
  ['FR', '法国', 'France'],
  ['DE', '德国', 'Germany'],
  ['GR', '希腊', 'Greece'],
  ['HU', '匈牙利', 'Hungary'],
  ['IE', '爱尔兰', 'Ireland'],
  ['IT', '意大利', 'Italy'],
  ['LV', '拉脱维亚', 'Latvia'],
  ['LT', '立陶宛', 'Lithuania'],
  ['LU', '卢森堡', 'Luxembourg'],
  ['MT', '马耳他', 'Malta'],
  ['NL', '荷兰', 'Netherlands'],
  ['PL', '波兰', 'Poland'],
  ['PT', '葡萄牙', 'Portugal'],
  ['RO', '罗马尼亚', 'Romania'],
  ['SK', '斯洛伐克', 'Slovakia'],
  ['SI', '斯洛文尼亚', 'Slovenia'],
  ['ES', '西班牙', 'Spain'],
  ['SE', '瑞典', 'Sweden'],
  ['TR', '土耳其', 'Türkiye'],
  ['RU', '俄罗斯', 'Russia'],
  ['AE', '阿联酋', 'United Arab Emirates'],
  ['SA', '沙特阿拉伯', 'Saudi Arabia'],
  ['KW', '科威特', 'Kuwait'],
  ['QA', '卡塔尔', 'Qatar'],
  ['BH', '巴林', 'Bahrain'],
  ['OM', '阿曼', 'Oman'],
  ['IL', '以色列', 'Israel'],
  ['ZA', '南非', 'South Africa'],
  ['EG', '埃及', 'Egypt'],
  ['NG', '尼日利亚', 'Nigeria'],
  ['IN', '印度', 'India'],
  ['PK', '巴基斯坦', 'Pakistan'],
  ['BD', '孟加拉国', 'Bangladesh'],
  ['JP', '日本', 'Japan'],
  ['KR', '韩国', 'Korea, Republic of'],
  ['SG', '新加坡', 'Singapore'],
  ['MY', '马来西亚', 'Malaysia'],
  ['TH', '泰国', 'Thailand'],
  ['VN', '越南', 'Viet Nam'],
  ['ID', '印度尼西亚', 'Indonesia'],
  ['PH', '菲律宾', 'Philippines'],
  ['KH', '柬埔寨', 'Cambodia'],
  ['AU', '澳大利亚', 'Australia'],
  ['NZ', '新西兰', 'New Zealand'],
];

const LEVEL_NAMES: Record<string, [string, string, string]> = {
  I: ['一般检验水平 I', 'General inspection level I', 'GENERAL'],
  II: ['一般检验水平 II', 'General inspection level II', 'GENERAL'],
  III: ['一般检验水平 III', 'General inspection level III', 'GENERAL'],
  S1: ['特殊检验水平 S-1', 'Special inspection level S-1', 'SPECIAL'],
  S2: ['特殊检验水平 S-2', 'Special inspection level S-2', 'SPECIAL'],
  S3: ['特殊检验水平 S-3', 'Special inspection level S-3', 'SPECIAL'],
  S4: ['特殊检验水平 S-4', 'Special inspection level S-4', 'SPECIAL'],
};
const LEVEL_ORDER = ['I', 'II', 'III', 'S1', 'S2', 'S3', 'S4'];

const contact = (name: string, position: string, mobile: string, email: string) => ({
  name,
  position,
  mobile,
  email,
  isDefault: true,
});

// China's 2026 public holidays (State Council notice): statutory days 1, other days off 2,
// weekend working days 3. Weekends inside a block are rest days anyway.
const HOLIDAYS_2026: [string, number, string, string][] = [
  ['2026-01-01', 1, '元旦', "New Year's Day"],
  ['2026-01-02', 2, '元旦调休', "New Year's Day (adjusted)"],
  ['2026-01-04', 3, '元旦调休上班', "New Year's Day working day"],
  ['2026-02-14', 3, '春节调休上班', 'Spring Festival working day'],
  ['2026-02-16', 1, '除夕', "Spring Festival (New Year's Eve)"],
  ['2026-02-17', 1, '春节', 'Spring Festival'],
  ['2026-02-18', 1, '春节', 'Spring Festival'],
  ['2026-02-19', 1, '春节', 'Spring Festival'],
  ['2026-02-20', 2, '春节调休', 'Spring Festival (adjusted)'],
  ['2026-02-23', 2, '春节调休', 'Spring Festival (adjusted)'],
  ['2026-02-28', 3, '春节调休上班', 'Spring Festival working day'],
  ['2026-04-05', 1, '清明节', 'Qingming Festival'],
  ['2026-04-06', 2, '清明节调休', 'Qingming Festival (adjusted)'],
  ['2026-05-01', 1, '劳动节', 'Labour Day'],
  ['2026-05-02', 1, '劳动节', 'Labour Day'],
  ['2026-05-04', 2, '劳动节调休', 'Labour Day (adjusted)'],
  ['2026-05-05', 2, '劳动节调休', 'Labour Day (adjusted)'],
  ['2026-05-09', 3, '劳动节调休上班', 'Labour Day working day'],
  ['2026-06-19', 1, '端午节', 'Dragon Boat Festival'],
  ['2026-09-20', 3, '国庆节调休上班', 'National Day working day'],
  ['2026-09-25', 1, '中秋节', 'Mid-Autumn Festival'],
  ['2026-10-01', 1, '国庆节', 'National Day'],
  ['2026-10-02', 1, '国庆节', 'National Day'],
  ['2026-10-03', 1, '国庆节', 'National Day'],
  ['2026-10-05', 2, '国庆节调休', 'National Day (adjusted)'],
  ['2026-10-06', 2, '国庆节调休', 'National Day (adjusted)'],
  ['2026-10-07', 2, '国庆节调休', 'National Day (adjusted)'],
  ['2026-10-10', 3, '国庆节调休上班', 'National Day working day'],
];

/** Lists in dependency order, each with its rows. */
export const CONFIG_SEED: [ConfigListName, SeedRow[]][] = [
  [
    'country',
    [
      ...COUNTRIES.map(([code, zh, en]) => named(code, zh, en)),
      named('EU', '欧盟', 'European Union', { countrys: EU }),
      named('GCC', '海湾合作委员会', 'Gulf Cooperation Council', { countrys: GCC }),
    ],
  ],
  [
    'samplinglevel',
    LEVEL_ORDER.map((code) =>
      named(code, LEVEL_NAMES[code]![0], LEVEL_NAMES[code]![1], { kind: LEVEL_NAMES[code]![2] }),
    ),
  ],
  [
    'aql',
    Object.keys(TABLE_1).map((level) =>
      named(
        `T1-${level}`,
        `ISO 2859-1 表1 ${LEVEL_NAMES[level]![0]}`,
        `ISO 2859-1 Table 1, ${LEVEL_NAMES[level]![1]}`,
        {
          levelId: ref(level),
          values: table1Bands(level),
        },
      ),
    ),
  ],
  [
    'attendance',
    [
      named('N', '正常出勤', 'Normal', { countsAsWork: true, paid: true }),
      named('BT', '出差', 'Business trip', { countsAsWork: true, paid: true }),
      named('AL', '年假', 'Annual leave', { countsAsWork: false, paid: true }),
      named('SL', '病假', 'Sick leave', { countsAsWork: false, paid: true }),
      named('PL', '事假', 'Personal leave', { countsAsWork: false, paid: false }),
      named('CO', '调休', 'Compensatory off', { countsAsWork: false, paid: true }),
    ],
  ],
  [
    'part',
    [
      named('BODY', '主体', 'Main body'),
      named('HANDLE', '手柄', 'Handle'),
      named('WHEEL', '轮子', 'Wheel'),
      named('BATTERY', '电池仓', 'Battery compartment'),
      named('FABRIC', '面料', 'Fabric'),
      named('ZIPPER', '拉链', 'Zipper'),
      named('BUTTON', '纽扣', 'Button'),
      named('PACKAGING', '包装', 'Packaging'),
      named('LABEL', '标签', 'Label'),
      named('ACCESSORY', '配件', 'Accessory'),
    ],
  ],
  [
    'defect',
    [
      named('D001', '锐利边缘', 'Sharp edge', { defaultClass: 1, sectionType: 4 }),
      named('D002', '锐利尖端', 'Sharp point', { defaultClass: 1, sectionType: 4 }),
      named('D003', '小零件脱落', 'Small part detached', { defaultClass: 1, sectionType: 5 }),
      named('D004', '霉变', 'Mould', { defaultClass: 1, sectionType: 4 }),
      named('D005', '破损', 'Broken', { defaultClass: 2, sectionType: 4 }),
      named('D006', '功能失效', 'Function failure', { defaultClass: 2, sectionType: 5 }),
      named('D007', '缝线脱开', 'Open seam', { defaultClass: 2, sectionType: 4, partId: ref('FABRIC') }),
      named('D008', '拉链不顺', 'Zipper not smooth', {
        defaultClass: 2,
        sectionType: 5,
        partId: ref('ZIPPER'),
      }),
      named('D009', '标签错误', 'Wrong label', { defaultClass: 2, sectionType: 3, partId: ref('LABEL') }),
      named('D010', '唛头错误', 'Wrong shipping mark', { defaultClass: 2, sectionType: 3 }),
      named('D011', '尺寸超差', 'Dimension out of tolerance', { defaultClass: 2, sectionType: 6 }),
      named('D012', '异物', 'Foreign matter', { defaultClass: 2, sectionType: 4 }),
      named('D013', '异味', 'Bad odour', { defaultClass: 2, sectionType: 4 }),
      named('D014', '数量短缺', 'Short quantity', { defaultClass: 2, sectionType: 1 }),
      named('D015', '污渍', 'Stain', { defaultClass: 3, sectionType: 4 }),
      named('D016', '划痕', 'Scratch', { defaultClass: 3, sectionType: 4 }),
      named('D017', '色差', 'Colour deviation', { defaultClass: 3, sectionType: 4 }),
      named('D018', '毛刺', 'Burr', { defaultClass: 3, sectionType: 4 }),
      named('D019', '线头', 'Loose thread', { defaultClass: 3, sectionType: 4, partId: ref('FABRIC') }),
      named('D020', '外箱压痕', 'Dented carton', {
        defaultClass: 3,
        sectionType: 2,
        partId: ref('PACKAGING'),
      }),
    ],
  ],
  [
    'express',
    [
      named('SF', '顺丰速运', 'SF Express', {
        trackingUrl: 'https://www.sf-express.com/chn/sc/waybill/list?nos={no}',
      }),
      named('EMS', '中国邮政EMS', 'China Post EMS', {
        trackingUrl: 'https://www.ems.com.cn/queryList?mailNum={no}',
      }),
      named('DHL', 'DHL国际快递', 'DHL Express', {
        trackingUrl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={no}',
      }),
      named('FEDEX', '联邦快递', 'FedEx', { trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={no}' }),
      named('UPS', 'UPS快递', 'UPS', { trackingUrl: 'https://www.ups.com/track?tracknum={no}' }),
    ],
  ],
  [
    'location',
    [
      named('GD', '广东省', 'Guangdong', { level: 1 }),
      named('ZJ', '浙江省', 'Zhejiang', { level: 1 }),
      named('JS', '江苏省', 'Jiangsu', { level: 1 }),
      named('FJ', '福建省', 'Fujian', { level: 1 }),
      named('GD-SZ', '深圳市', 'Shenzhen', { level: 2, parentId: ref('GD') }),
      named('GD-DG', '东莞市', 'Dongguan', { level: 2, parentId: ref('GD') }),
      named('GD-GZ', '广州市', 'Guangzhou', { level: 2, parentId: ref('GD') }),
      named('GD-ST', '汕头市', 'Shantou', { level: 2, parentId: ref('GD') }),
      named('ZJ-NB', '宁波市', 'Ningbo', { level: 2, parentId: ref('ZJ') }),
      named('ZJ-YW', '义乌市', 'Yiwu', { level: 2, parentId: ref('ZJ') }),
      named('JS-SZ', '苏州市', 'Suzhou', { level: 2, parentId: ref('JS') }),
      named('FJ-XM', '厦门市', 'Xiamen', { level: 2, parentId: ref('FJ') }),
      named('GD-SZ-BA', '宝安区', "Bao'an District", { level: 3, parentId: ref('GD-SZ') }),
      named('GD-SZ-LG', '龙岗区', 'Longgang District', { level: 3, parentId: ref('GD-SZ') }),
      named('GD-ST-CH', '澄海区', 'Chenghai District', { level: 3, parentId: ref('GD-ST') }),
    ],
  ],
  [
    'factorytypefee',
    [
      named('STD', '标准工厂', 'Standard factory', { feePerManDay: 1200, currency: 'RMB' }),
      named('REMOTE', '偏远地区工厂', 'Remote-area factory', { feePerManDay: 1600, currency: 'RMB' }),
      named('OVERSEAS', '境外工厂', 'Overseas factory', {
        feePerManDay: 398,
        currency: 'USD',
        weekendFactor: 1.5,
      }),
    ],
  ],
  [
    'supplier',
    [
      named('SUP-YC', '永昌礼品有限公司', 'Yongchang Gifts Co., Ltd.', {
        address: '浙江省义乌市稠城街道工人北路88号',
        contacts: [contact('王芳', '业务经理', '13800571234', 'wangfang@yongchang.example.com')],
      }),
      named('SUP-HM', '华美玩具贸易有限公司', 'Huamei Toys Trading Co., Ltd.', {
        address: '广东省深圳市福田区深南大道6008号',
        contacts: [contact('李娜', '外贸主管', '13923456789', 'lina@huamei.example.com')],
        suppliers: ['SUP-YC'],
      }),
      named('SUP-XD', '鑫达进出口有限公司', 'Xinda Import & Export Co., Ltd.', {
        address: '浙江省宁波市鄞州区天童南路588号',
        contacts: [contact('陈强', '总经理', '13605741111', 'chenqiang@xinda.example.com')],
      }),
    ],
  ],
  [
    'factory',
    [
      named('F-HM-SZ', '深圳华美玩具厂', 'Shenzhen Huamei Toy Factory', {
        addressZh: '广东省深圳市宝安区福永街道桥头社区富桥工业区3栋',
        addressEn: 'Building 3, Fuqiao Industrial Zone, Fuyong, Bao’an, Shenzhen, Guangdong',
        locationId: ref('GD-SZ-BA'),
        supplierId: ref('SUP-HM'),
        factoryTypeId: ref('STD'),
        contacts: [contact('张伟', '厂长', '13823001122', 'zhangwei@hmtoys.example.com')],
      }),
      named('F-PL-ST', '汕头澄海鹏乐塑胶玩具厂', 'Shantou Chenghai Pengle Plastic Toys Factory', {
        addressZh: '广东省汕头市澄海区莲下镇工业大道18号',
        addressEn: '18 Industrial Avenue, Lianxia, Chenghai, Shantou, Guangdong',
        locationId: ref('GD-ST-CH'),
        factoryTypeId: ref('STD'),
        contacts: [contact('林志明', '品质主管', '13502778899', 'linzm@pengle.example.com')],
      }),
      named('F-HX-DG', '东莞宏兴电子厂', 'Dongguan Hongxing Electronics Factory', {
        addressZh: '广东省东莞市长安镇乌沙社区兴发路9号',
        addressEn: '9 Xingfa Road, Wusha, Chang’an, Dongguan, Guangdong',
        locationId: ref('GD-DG'),
        supplierId: ref('SUP-HM'),
        factoryTypeId: ref('STD'),
        contacts: [contact('黄俊', '生产经理', '13713335566', 'huangjun@hongxing.example.com')],
      }),
      named('F-TX-NB', '宁波天翔家居用品有限公司', 'Ningbo Tianxiang Homeware Co., Ltd.', {
        addressZh: '浙江省宁波市北仑区大碶街道庐山东路66号',
        addressEn: '66 Lushan East Road, Daqi, Beilun, Ningbo, Zhejiang',
        locationId: ref('ZJ-NB'),
        supplierId: ref('SUP-XD'),
        factoryTypeId: ref('STD'),
        contacts: [contact('周敏', '外贸跟单', '13957488990', 'zhoumin@tianxiang.example.com')],
      }),
      named('F-JL-YW', '义乌佳乐工艺品厂', 'Yiwu Jiale Crafts Factory', {
        addressZh: '浙江省义乌市佛堂镇工业园区振兴路21号',
        addressEn: '21 Zhenxing Road, Fotang Industrial Park, Yiwu, Zhejiang',
        locationId: ref('ZJ-YW'),
        supplierId: ref('SUP-YC'),
        factoryTypeId: ref('REMOTE'),
        contacts: [contact('吴磊', '厂长', '13735761234', 'wulei@jiale.example.com')],
      }),
    ],
  ],
  [
    'outsourcefactory',
    [
      named('OF-HC-SZ', '深圳华彩印刷厂', 'Shenzhen Huacai Printing Factory', {
        mainFactoryId: ref('F-HM-SZ'),
        address: '广东省深圳市宝安区沙井街道新桥工业园2栋',
        contacts: [contact('刘洋', '厂长', '13631667788', 'liuyang@huacai.example.com')],
      }),
      named('OF-XT-ST', '汕头鑫泰包装厂', 'Shantou Xintai Packaging Factory', {
        mainFactoryId: ref('F-PL-ST'),
        address: '广东省汕头市澄海区凤翔街道华富工业区',
      }),
    ],
  ],
  [
    'inspectiontype',
    [
      named('PSI', '出货前检验', 'Pre-shipment inspection', {
        serviceCode: 'PSI',
        usesAql: true,
        allowInterim: false,
        baseScore: 100,
        minProducedPct: 100,
        minPackedPct: 80,
      }),
      named('DUPRO', '中期检验', 'During-production inspection', {
        serviceCode: 'DUPRO',
        usesAql: true,
        allowInterim: true,
        baseScore: 80,
        minProducedPct: 20,
        minPackedPct: 0,
      }),
      named('IPC', '初期生产检验', 'Initial production check', {
        serviceCode: 'IPC',
        usesAql: true,
        allowInterim: true,
        baseScore: 80,
        minProducedPct: 0,
        minPackedPct: 0,
      }),
      named('CLC', '监装', 'Container loading check', { serviceCode: 'CLC', usesAql: false, baseScore: 60 }),
      named('FA', '验厂', 'Factory audit', { serviceCode: 'FA', usesAql: false, baseScore: 150 }),
      named('SC', '取样', 'Sample collection', { serviceCode: 'SC', usesAql: false, baseScore: 30 }),
    ],
  ],
  [
    'inspectiontest',
    [
      named('IT-DROP', '跌落测试', 'Carton drop test', {
        method: 'ISTA 1A：1角3棱6面，跌落高度按毛重确定',
        criterion: '产品无损坏、功能正常',
        defaultSampleQty: 2,
      }),
      named('IT-TENSION', '拉力测试', 'Tension test', {
        method: 'EN 71-1 8.4.2.1，按拉力等级施力并保持10秒',
        criterion: '部件不脱落，无锐边尖端露出',
        safety: true,
        defaultSampleQty: 5,
        tensionType: 1,
      }),
      named('IT-TORQUE', '扭力测试', 'Torque test', {
        method: 'EN 71-1 8.4.2.2，顺时针及逆时针各转180°',
        criterion: '部件不脱落',
        safety: true,
        defaultSampleQty: 5,
        tensionType: 2,
      }),
      named('IT-SEAM', '缝合强度测试', 'Seam strength test', {
        method: '用夹具对缝线施加70N拉力10秒',
        criterion: '缝线不开裂，填充物不外露',
        safety: true,
        defaultSampleQty: 5,
        tensionType: 4,
      }),
      named('IT-FUNC', '功能测试', 'Function check', {
        method: '按说明书操作全部功能',
        criterion: '功能正常',
        defaultSampleQty: 13,
      }),
      named('IT-BARCODE', '条码扫描', 'Barcode scan', {
        method: '扫描零售包装及外箱条码',
        criterion: '可读且与资料一致',
        defaultSampleQty: 5,
      }),
      named('IT-MOISTURE', '含水率测试', 'Moisture content test', {
        method: '木制或纸制品用含水率仪测量',
        criterion: '≤ 12%',
        defaultSampleQty: 3,
      }),
      named('IT-RUB', '耐摩擦色牢度', 'Colour fastness to rubbing', {
        method: '白布干擦10次',
        criterion: '无明显掉色',
        defaultSampleQty: 3,
      }),
    ],
  ],
  [
    'inspectionresult',
    [
      named('QTY-OK', '数量符合要求', 'Quantity conforms', { sectionType: 1, defaultResult: 1 }),
      named('QTY-SHORT', '出货数量不足', 'Shipment quantity short', { sectionType: 1, defaultResult: 2 }),
      named('PKG-OK', '包装符合要求', 'Packaging conforms', { sectionType: 2, defaultResult: 1 }),
      named('PKG-DAMAGED', '外箱破损', 'Damaged export cartons', { sectionType: 2, defaultResult: 2 }),
      named('MARK-OK', '唛头标签正确', 'Marks and labels correct', { sectionType: 3, defaultResult: 1 }),
      named('MARK-WRONG', '唛头与客户要求不符', "Marks differ from the client's requirement", {
        sectionType: 3,
        defaultResult: 4,
      }),
      named('WORK-OK', '外观做工良好', 'Workmanship acceptable', { sectionType: 4, defaultResult: 1 }),
      named('FUNC-FAIL', '功能不良超出AQL', 'Functional defects above AQL', {
        sectionType: 5,
        defaultResult: 4,
      }),
      named('MEAS-OK', '尺寸重量在允差内', 'Measurements within tolerance', {
        sectionType: 6,
        defaultResult: 1,
      }),
      named('TEST-OK', '现场测试全部通过', 'All on-site tests passed', { sectionType: 7, defaultResult: 1 }),
    ],
  ],
  [
    'lab',
    [
      named('SGS-SZ', 'SGS深圳实验室', 'SGS Shenzhen', {
        address: '深圳市南山区科技园中区',
        email: 'cs.shenzhen@sgs.example.com',
        phone: '0755-26012053',
        accreditation: 'CNAS L0107',
      }),
      named('ITS-GZ', 'Intertek广州实验室', 'Intertek Guangzhou', {
        address: '广州市天河区科韵路',
        email: 'toys.gz@intertek.example.com',
        phone: '020-82139688',
        accreditation: 'CNAS L1051',
      }),
      named('BV-SH', '必维上海实验室', 'Bureau Veritas Shanghai', {
        address: '上海市闵行区莘庄工业区',
        email: 'cps.sh@bureauveritas.example.com',
        phone: '021-24081000',
        accreditation: 'CNAS L0396',
      }),
      named('TUV-SZ', '南德深圳实验室', 'TÜV SÜD Shenzhen', {
        address: '深圳市宝安区新安街道',
        email: 'softlines.sz@tuvsud.example.com',
        phone: '0755-88286998',
        accreditation: 'CNAS L1789',
      }),
    ],
  ],
  [
    'labcontact',
    [
      {
        code: 'LC-SGS-1',
        labId: ref('SGS-SZ'),
        name: '赵敏',
        email: 'min.zhao@sgs.example.com',
        phone: '0755-26012001',
        position: '客户服务',
      },
      {
        code: 'LC-ITS-1',
        labId: ref('ITS-GZ'),
        name: '孙磊',
        email: 'lei.sun@intertek.example.com',
        phone: '020-82139601',
        position: '项目工程师',
      },
      {
        code: 'LC-BV-1',
        labId: ref('BV-SH'),
        name: '钱丽',
        email: 'li.qian@bureauveritas.example.com',
        position: '客户经理',
      },
    ],
  ],
  [
    'labcs',
    [
      {
        code: 'CS-SALES1-SGS',
        labId: ref('SGS-SZ'),
        labContactId: ref('LC-SGS-1'),
        departmentId: ref('SALES1'),
      },
      {
        code: 'CS-SALES-ITS',
        labId: ref('ITS-GZ'),
        labContactId: ref('LC-ITS-1'),
        departmentId: ref('SALES'),
      },
    ],
  ],
  [
    'materialtype',
    [
      named('PLASTIC', '塑料', 'Plastic'),
      named('METAL', '金属', 'Metal'),
      named('TEXTILE', '纺织品', 'Textile'),
      named('WOOD', '木材', 'Wood'),
      named('PAPER', '纸品', 'Paper'),
      named('GLASS', '玻璃', 'Glass'),
      named('CERAMIC', '陶瓷', 'Ceramic'),
      named('RUBBER', '橡胶', 'Rubber'),
      named('LEATHER', '皮革', 'Leather'),
      named('COATING', '涂层', 'Surface coating'),
      named('ELECTRONIC', '电子元件', 'Electronic components'),
    ],
  ],
  [
    'risktype',
    [
      named('CHEM', '化学', 'Chemical'),
      named('MECH', '机械', 'Mechanical'),
      named('ELEC', '电气', 'Electrical'),
      named('FLAM', '燃烧', 'Flammability'),
      named('MICRO', '微生物', 'Microbiological'),
    ],
  ],
  [
    'risklevel',
    [
      named('R1', '极低', 'Very low', { rank: 1 }),
      named('R2', '低', 'Low', { rank: 2 }),
      named('R3', '中', 'Medium', { rank: 3 }),
      named('R4', '高', 'High', { rank: 4 }),
      named('R5', '极高', 'Very high', { rank: 5 }),
    ],
  ],
  [
    'testtype',
    [
      named('PHYS', '物理机械', 'Physical & mechanical'),
      named('CHEM', '化学', 'Chemical'),
      named('FLAM', '燃烧性能', 'Flammability'),
      named('ELEC', '电气安全', 'Electrical safety'),
      named('MICRO', '微生物', 'Microbiological'),
      named('FCM', '食品接触材料', 'Food contact materials'),
      named('TEXT', '纺织品性能', 'Textile performance'),
    ],
  ],
  [
    'standard',
    [
      named(
        'EN71-1',
        'EN 71-1 玩具安全 第1部分：机械和物理性能',
        'EN 71-1 Safety of toys – Mechanical and physical properties',
        {
          standardType: 2,
          countryId: ref('EU'),
          standardVersion: '2014+A1:2018',
          effectiveDate: '2018-11-15',
        },
      ),
      named('EN71-2', 'EN 71-2 玩具安全 第2部分：易燃性', 'EN 71-2 Safety of toys – Flammability', {
        standardType: 2,
        countryId: ref('EU'),
        standardVersion: '2020',
        effectiveDate: '2021-04-30',
      }),
      named(
        'EN71-3',
        'EN 71-3 玩具安全 第3部分：特定元素的迁移',
        'EN 71-3 Safety of toys – Migration of certain elements',
        {
          standardType: 2,
          countryId: ref('EU'),
          standardVersion: '2019+A2:2024',
        },
      ),
      named('REACH-XVII', 'REACH法规附件17', 'REACH Annex XVII restrictions', {
        standardType: 2,
        countryId: ref('EU'),
      }),
      named(
        'ASTM-F963',
        'ASTM F963 玩具安全标准消费者安全规范',
        'ASTM F963 Standard Consumer Safety Specification for Toy Safety',
        {
          standardType: 3,
          countryId: ref('US'),
          standardVersion: '23',
        },
      ),
      named('CPSIA', '美国消费品安全改进法案', 'Consumer Product Safety Improvement Act (CPSIA)', {
        standardType: 3,
        countryId: ref('US'),
        standardVersion: '2008',
      }),
      named('CA-P65', '加州65号提案', 'California Proposition 65', { standardType: 3, countryId: ref('US') }),
      named('GB6675', 'GB 6675 玩具安全', 'GB 6675 Safety of toys', {
        standardType: 3,
        countryId: ref('CN'),
        standardVersion: '2014',
      }),
      named(
        'ISO8124-1',
        'ISO 8124-1 玩具安全 机械与物理性能',
        'ISO 8124-1 Safety of toys – Mechanical and physical properties',
        {
          standardType: 1,
          standardVersion: '2022',
        },
      ),
      named('LFGB', '德国食品及日用品法', 'German Food and Feed Code (LFGB)', {
        standardType: 3,
        countryId: ref('DE'),
      }),
    ],
  ],
  [
    'testitem',
    [
      named('T-EN71-1', 'EN 71-1 物理机械性能', 'EN 71-1 mechanical & physical properties', {
        standardId: ref('EN71-1'),
        testTypeId: ref('PHYS'),
        price: 800,
        currency: 'RMB',
        leadDays: 5,
        sampleQty: 3,
      }),
      named('T-EN71-2', 'EN 71-2 易燃性', 'EN 71-2 flammability', {
        standardId: ref('EN71-2'),
        testTypeId: ref('FLAM'),
        price: 600,
        currency: 'RMB',
        leadDays: 5,
        sampleQty: 2,
      }),
      named('T-EN71-3', 'EN 71-3 19种元素迁移', 'EN 71-3 migration of 19 elements', {
        standardId: ref('EN71-3'),
        testTypeId: ref('CHEM'),
        price: 1200,
        currency: 'RMB',
        leadDays: 7,
        sampleQty: 1,
      }),
      named('T-PHTH', '邻苯二甲酸酯(REACH)', 'Phthalates (REACH)', {
        standardId: ref('REACH-XVII'),
        testTypeId: ref('CHEM'),
        method: 'EN 14372',
        price: 900,
        currency: 'RMB',
        leadDays: 7,
        sampleQty: 1,
      }),
      named('T-AZO', '偶氮染料', 'Azo dyes', {
        standardId: ref('REACH-XVII'),
        testTypeId: ref('CHEM'),
        method: 'EN ISO 14362-1',
        price: 500,
        currency: 'RMB',
        leadDays: 5,
        sampleQty: 1,
      }),
      named('T-HCHO', '甲醛含量', 'Formaldehyde content', {
        testTypeId: ref('CHEM'),
        method: 'ISO 14184-1',
        price: 300,
        currency: 'RMB',
        leadDays: 5,
        sampleQty: 1,
      }),
      named('T-F963', 'ASTM F963 全项', 'ASTM F963 full test', {
        standardId: ref('ASTM-F963'),
        testTypeId: ref('PHYS'),
        price: 320,
        currency: 'USD',
        leadDays: 7,
        sampleQty: 6,
      }),
      named('T-CPSIA-PB', '总铅含量', 'Total lead content', {
        standardId: ref('CPSIA'),
        testTypeId: ref('CHEM'),
        method: 'CPSC-CH-E1001-08.3',
        price: 250,
        currency: 'RMB',
        leadDays: 5,
        sampleQty: 1,
      }),
      named('T-P65', '加州65号提案筛查', 'Proposition 65 screening', {
        standardId: ref('CA-P65'),
        testTypeId: ref('CHEM'),
        price: 120,
        currency: 'USD',
        leadDays: 7,
        sampleQty: 1,
      }),
      named('T-GB6675', 'GB 6675 全项', 'GB 6675 full test', {
        standardId: ref('GB6675'),
        testTypeId: ref('PHYS'),
        price: 2000,
        currency: 'RMB',
        leadDays: 10,
        sampleQty: 6,
      }),
      named('T-LFGB', '食品接触材料迁移', 'Food contact migration', {
        standardId: ref('LFGB'),
        testTypeId: ref('FCM'),
        price: 1500,
        currency: 'RMB',
        leadDays: 10,
        sampleQty: 3,
      }),
      named('T-RUB', '耐摩擦色牢度', 'Colour fastness to rubbing', {
        testTypeId: ref('TEXT'),
        method: 'ISO 105-X12',
        price: 150,
        currency: 'RMB',
        leadDays: 3,
        sampleQty: 1,
      }),
    ],
  ],
  [
    'risk',
    [
      named('RK-PLASTIC-CHEM', '塑料增塑剂风险', 'Plasticiser risk in plastics', {
        riskLevelId: ref('R4'),
        riskTypeId: ref('CHEM'),
        materialTypeId: ref('PLASTIC'),
        testItemIds: [ref('T-PHTH'), ref('T-EN71-3')],
      }),
      named('RK-TEXTILE-CHEM', '纺织品有害染料风险', 'Hazardous dyes in textiles', {
        riskLevelId: ref('R3'),
        riskTypeId: ref('CHEM'),
        materialTypeId: ref('TEXTILE'),
        testItemIds: [ref('T-AZO'), ref('T-HCHO')],
      }),
      named('RK-COATING-PB', '涂层重金属风险', 'Heavy metals in coatings', {
        riskLevelId: ref('R5'),
        riskTypeId: ref('CHEM'),
        materialTypeId: ref('COATING'),
        testItemIds: [ref('T-CPSIA-PB'), ref('T-EN71-3')],
      }),
      named('RK-SMALL-PARTS', '小零件窒息风险', 'Choking hazard from small parts', {
        riskLevelId: ref('R4'),
        riskTypeId: ref('MECH'),
        testItemIds: [ref('T-EN71-1')],
      }),
    ],
  ],
  [
    'samplecheckitem',
    [
      named('SC-APPEARANCE', '外观', 'Appearance', {
        method: '与确认样对比，自然光下目视',
        criterion: '无明显外观缺陷',
      }),
      named('SC-COLOUR', '颜色', 'Colour', { method: '标准光源D65下与色卡对比', criterion: '与确认色一致' }),
      named('SC-DIMENSION', '尺寸', 'Dimensions', {
        method: '按图纸测量关键尺寸',
        criterion: '在允差范围内',
      }),
      named('SC-FUNCTION', '功能', 'Function', { method: '按说明书操作', criterion: '全部功能正常' }),
      named('SC-ASSEMBLY', '装配', 'Assembly', {
        partId: ref('ACCESSORY'),
        method: '按装配图组装',
        criterion: '装配顺畅、牢固',
      }),
      named('SC-LABEL', '标签', 'Labels', {
        partId: ref('LABEL'),
        method: '核对警告语及CE/UKCA标识',
        criterion: '内容与客户资料一致',
      }),
      named('SC-PACKAGING', '包装', 'Packaging', {
        partId: ref('PACKAGING'),
        method: '核对彩盒、外箱及唛头',
        criterion: '与包装资料一致',
      }),
    ],
  ],
  [
    'tensionlevel',
    [
      named('TL-0-18M', '0–18个月', '0–18 months', {
        ageGroup: '0-18M',
        tensionForce: 50,
        forceUnit: 'N',
        torque: 0.34,
        torqueUnit: 'NM',
        holdSeconds: 10,
      }),
      named('TL-18-36M', '18–36个月', '18–36 months', {
        ageGroup: '18-36M',
        tensionForce: 70,
        forceUnit: 'N',
        torque: 0.45,
        torqueUnit: 'NM',
        holdSeconds: 10,
      }),
      named('TL-36-96M', '36–96个月', '36–96 months', {
        ageGroup: '36-96M',
        tensionForce: 90,
        forceUnit: 'N',
        torque: 0.45,
        torqueUnit: 'NM',
        holdSeconds: 10,
      }),
    ],
  ],
  [
    'vehicle',
    [
      named('CAR', '自驾车', 'Own car', { usage: 'TRAVEL', ratePerKm: 1.2 }),
      named('TAXI', '出租车', 'Taxi', { usage: 'TRAVEL', ratePerKm: 2.6 }),
      named('COACH', '长途大巴', 'Coach', { usage: 'TRAVEL' }),
      named('TRAIN', '高铁', 'High-speed train', { usage: 'TRAVEL' }),
      named('TRUCK', '货车', 'Truck', { usage: 'SHIPPING' }),
      named('CONTAINER', '集装箱拖车', 'Container truck', { usage: 'SHIPPING' }),
    ],
  ],
  [
    'supervisecheckpoint',
    [
      named('CK-CTN-NO', '柜号核对', 'Container number checked', { mandatory: true, photoRequired: true }),
      named('CK-CTN-CLEAN', '柜内清洁干燥无异味', 'Container clean, dry and odour-free', {
        mandatory: true,
        photoRequired: true,
      }),
      named('CK-CTN-DAMAGE', '柜体无破损漏光', 'Container without holes or damage', {
        mandatory: true,
        photoRequired: true,
      }),
      named('CK-SEAL', '封条号核对', 'Seal number checked', { mandatory: true, photoRequired: true }),
      named('CK-QTY', '装柜箱数核对', 'Loaded carton count checked', { mandatory: true }),
      named('CK-MARK', '外箱唛头核对', 'Shipping marks checked', { mandatory: false, photoRequired: true }),
      named('CK-PALLET', '托盘熏蒸标识', 'Pallet fumigation mark (IPPC)', {
        mandatory: false,
        photoRequired: true,
      }),
    ],
  ],
  [
    'factoryaudittype',
    [
      named('FA-BASIC', '基础验厂', 'Basic factory evaluation', { manDays: 1 }),
      named('FA-QMS', '质量体系验厂', 'Quality system audit', { manDays: 1.5 }),
      named('FA-SOCIAL', '社会责任验厂', 'Social compliance audit', { manDays: 2 }),
      named('FA-SECURITY', '反恐验厂', 'Supply-chain security audit', { manDays: 1 }),
    ],
  ],
  [
    'bookingtype',
    [
      named('BK-PSI', '出货前检验预约', 'Pre-shipment inspection booking', {
        inspectionTypeId: ref('PSI'),
        fields: [
          {
            key: 'poNumbers',
            labelZh: '客户PO号',
            labelEn: 'Client PO numbers',
            fieldType: 1,
            required: true,
            options: [],
          },
        ],
      }),
      named('BK-DUPRO', '中期检验预约', 'During-production inspection booking', {
        inspectionTypeId: ref('DUPRO'),
        fields: [
          {
            key: 'producedPct',
            labelZh: '已生产比例%',
            labelEn: 'Produced %',
            fieldType: 2,
            required: true,
            options: [],
          },
        ],
      }),
      named('BK-CLC', '监装预约', 'Loading supervision booking', {
        inspectionTypeId: ref('CLC'),
        fields: [
          {
            key: 'containerType',
            labelZh: '柜型',
            labelEn: 'Container type',
            fieldType: 4,
            required: true,
            options: ['20GP', '40GP', '40HQ'],
          },
          {
            key: 'closingDate',
            labelZh: '截关日期',
            labelEn: 'Closing date',
            fieldType: 3,
            required: false,
            options: [],
          },
        ],
      }),
      named('BK-FA', '验厂预约', 'Factory audit booking', {
        inspectionTypeId: ref('FA'),
        factoryAuditTypeId: ref('FA-SOCIAL'),
      }),
      named('BK-SC', '取样预约', 'Sample collection booking', { inspectionTypeId: ref('SC') }),
    ],
  ],
  ['holiday', HOLIDAYS_2026.map(([date, dayType, nameZh, nameEn]) => ({ date, dayType, nameZh, nameEn }))],
  [
    'system',
    Object.entries(SYSTEM_PARAMS).map(([key, def]) => ({
      key,
      value: formatSystemValue(def.default),
      valueType: def.valueType,
      nameZh: def.zh,
      nameEn: def.en,
    })),
  ],
  [
    'notifyproducttrack',
    [
      named('NPT-INSP-FAIL', '验货不合格通知', 'Inspection failed', {
        event: 'INSPECTION_FAIL',
        roles: ['QC_MGR', 'SALES'],
      }),
      named('NPT-TEST-FAIL', '测试不合格通知', 'Test failed', {
        event: 'TEST_FAIL',
        roles: ['LAB', 'SALES'],
      }),
      named('NPT-DUE', '交期临近提醒', 'Delivery due soon', {
        event: 'DELIVERY_DUE',
        roles: ['SALES', 'QC'],
      }),
      named('NPT-SHIPPED', '出运通知', 'Shipped', { event: 'SHIPPED', roles: ['SALES'] }),
    ],
  ],
];
