/**
 * The simulated feed's world: real competitions with their Chinese names, and sides with strengths the pricing models
 * take (football attack and defence on a log scale around a league-average 0; basketball points above the league's
 * scoring and below its conceding; tennis a serve rating, see serveFromRatings). Club names are the usual Chinese
 * ones; the tennis players are invented.
 *
 * `slots` are kick-off times in minutes after midnight UTC, every day (the default platform zone is UTC+8, so 690 is
 * 19:30 in Beijing). Each slot is one match a day between two sides that play no other match that day, so a
 * competition needs at least twice as many sides as slots.
 */

type Named<T> = { name: string } & T;

export type SimFootball = {
  sport: 'football';
  ref: string;
  name: string;
  slots: readonly number[];
  /** Goals an average side scores against an average side in this competition. */
  baseGoals: number;
  teams: ReadonlyArray<Named<{ attack: number; defence: number }>>;
};

export type SimBasketball = {
  sport: 'basketball';
  ref: string;
  name: string;
  slots: readonly number[];
  /** Points an average side scores in a game of this league. */
  leaguePoints: number;
  teams: ReadonlyArray<Named<{ offence: number; defence: number }>>;
};

export type SimTennis = {
  sport: 'tennis';
  ref: string;
  name: string;
  slots: readonly number[];
  bestOf: 3 | 5;
  players: ReadonlyArray<Named<{ rating: number }>>;
};

export type SimCompetition = SimFootball | SimBasketball | SimTennis;

const football = (list: ReadonlyArray<[string, number, number]>) =>
  list.map(([name, attack, defence]) => ({ name, attack, defence }));
const basketball = (list: ReadonlyArray<[string, number, number]>) =>
  list.map(([name, offence, defence]) => ({ name, offence, defence }));
const tennis = (list: ReadonlyArray<[string, number]>) => list.map(([name, rating]) => ({ name, rating }));

export const SIM_COMPETITIONS: readonly SimCompetition[] = [
  {
    sport: 'football',
    ref: 'epl',
    name: '英超',
    slots: [690, 840, 990, 1140],
    baseGoals: 1.4,
    teams: football([
      ['曼城', 0.42, 0.4],
      ['阿森纳', 0.36, 0.45],
      ['利物浦', 0.4, 0.36],
      ['切尔西', 0.22, 0.18],
      ['热刺', 0.24, 0.05],
      ['曼联', 0.1, 0.08],
      ['纽卡斯尔', 0.18, 0.15],
      ['阿斯顿维拉', 0.2, 0.1],
      ['布莱顿', 0.12, 0.0],
      ['西汉姆联', 0.02, -0.08],
      ['水晶宫', -0.02, 0.02],
      ['富勒姆', -0.02, -0.04],
      ['狼队', -0.1, -0.1],
      ['埃弗顿', -0.15, 0.0],
      ['布伦特福德', 0.05, -0.12],
      ['诺丁汉森林', -0.05, 0.05],
      ['伯恩茅斯', 0.0, -0.1],
      ['莱斯特城', -0.2, -0.2],
    ]),
  },
  {
    sport: 'football',
    ref: 'laliga',
    name: '西甲',
    slots: [720, 855, 1005, 1200],
    baseGoals: 1.3,
    teams: football([
      ['皇家马德里', 0.45, 0.38],
      ['巴塞罗那', 0.46, 0.25],
      ['马德里竞技', 0.22, 0.35],
      ['皇家社会', 0.05, 0.15],
      ['毕尔巴鄂竞技', 0.12, 0.18],
      ['比利亚雷亚尔', 0.15, -0.05],
      ['皇家贝蒂斯', 0.05, 0.0],
      ['塞维利亚', 0.0, -0.02],
      ['瓦伦西亚', -0.08, 0.02],
      ['赫罗纳', 0.1, -0.12],
      ['奥萨苏纳', -0.08, 0.0],
      ['塞尔塔', 0.0, -0.1],
      ['马洛卡', -0.15, 0.05],
      ['赫塔费', -0.2, 0.1],
      ['巴列卡诺', -0.1, -0.05],
      ['阿拉维斯', -0.15, -0.05],
    ]),
  },
  {
    sport: 'football',
    ref: 'seriea',
    name: '意甲',
    slots: [660, 810, 1080, 1170],
    baseGoals: 1.3,
    teams: football([
      ['国际米兰', 0.4, 0.42],
      ['那不勒斯', 0.25, 0.35],
      ['AC米兰', 0.25, 0.15],
      ['尤文图斯', 0.15, 0.35],
      ['亚特兰大', 0.32, 0.1],
      ['罗马', 0.12, 0.12],
      ['拉齐奥', 0.12, 0.05],
      ['佛罗伦萨', 0.08, 0.05],
      ['博洛尼亚', 0.05, 0.08],
      ['都灵', -0.05, 0.08],
      ['乌迪内斯', -0.1, -0.05],
      ['热那亚', -0.1, 0.0],
      ['科莫', -0.05, -0.1],
      ['莱切', -0.25, -0.05],
      ['恩波利', -0.25, 0.0],
      ['维罗纳', -0.15, -0.15],
    ]),
  },
  {
    sport: 'football',
    ref: 'bundesliga',
    name: '德甲',
    slots: [780, 870, 1050, 1215],
    baseGoals: 1.55,
    teams: football([
      ['拜仁慕尼黑', 0.5, 0.3],
      ['勒沃库森', 0.38, 0.32],
      ['多特蒙德', 0.3, 0.1],
      ['RB莱比锡', 0.28, 0.15],
      ['斯图加特', 0.2, 0.0],
      ['法兰克福', 0.2, 0.02],
      ['弗赖堡', 0.0, 0.05],
      ['沃尔夫斯堡', 0.02, -0.05],
      ['门兴格拉德巴赫', 0.05, -0.08],
      ['美因茨', 0.0, 0.05],
      ['霍芬海姆', 0.02, -0.15],
      ['云达不莱梅', 0.0, -0.12],
      ['奥格斯堡', -0.1, -0.05],
      ['柏林联合', -0.15, 0.05],
      ['海登海姆', -0.1, -0.15],
      ['圣保利', -0.2, 0.0],
    ]),
  },
  {
    sport: 'football',
    ref: 'ligue1',
    name: '法甲',
    slots: [705, 900, 1020, 1230],
    baseGoals: 1.35,
    teams: football([
      ['巴黎圣日耳曼', 0.5, 0.3],
      ['摩纳哥', 0.22, 0.05],
      ['马赛', 0.22, 0.1],
      ['里尔', 0.12, 0.2],
      ['里昂', 0.15, 0.0],
      ['尼斯', 0.08, 0.15],
      ['朗斯', 0.0, 0.12],
      ['雷恩', 0.05, -0.02],
      ['斯特拉斯堡', 0.05, -0.05],
      ['布雷斯特', 0.02, -0.05],
      ['图卢兹', -0.05, 0.0],
      ['南特', -0.12, -0.05],
      ['欧塞尔', -0.1, -0.1],
      ['昂热', -0.2, -0.05],
      ['勒阿弗尔', -0.2, -0.12],
      ['兰斯', -0.12, -0.02],
    ]),
  },
  {
    sport: 'football',
    ref: 'csl',
    name: '中超',
    slots: [420, 575, 695, 740],
    baseGoals: 1.45,
    teams: football([
      ['上海海港', 0.35, 0.2],
      ['上海申花', 0.28, 0.25],
      ['成都蓉城', 0.25, 0.15],
      ['北京国安', 0.2, 0.1],
      ['山东泰山', 0.18, 0.08],
      ['天津津门虎', 0.0, 0.02],
      ['浙江队', 0.08, -0.1],
      ['河南队', -0.02, 0.0],
      ['长春亚泰', -0.05, -0.1],
      ['武汉三镇', -0.02, -0.08],
      ['青岛西海岸', -0.12, -0.02],
      ['深圳新鹏城', -0.1, -0.08],
      ['梅州客家', -0.12, -0.12],
      ['沧州雄狮', -0.15, -0.1],
      ['青岛海牛', -0.15, -0.05],
      ['南通支云', -0.2, -0.15],
    ]),
  },
  {
    sport: 'football',
    ref: 'ucl',
    name: '欧冠',
    slots: [1140, 1260],
    baseGoals: 1.45,
    teams: football([
      ['皇家马德里', 0.45, 0.38],
      ['曼城', 0.42, 0.4],
      ['拜仁慕尼黑', 0.45, 0.3],
      ['巴黎圣日耳曼', 0.38, 0.3],
      ['国际米兰', 0.32, 0.4],
      ['阿森纳', 0.34, 0.42],
      ['巴塞罗那', 0.42, 0.22],
      ['利物浦', 0.38, 0.34],
      ['勒沃库森', 0.3, 0.25],
      ['多特蒙德', 0.22, 0.08],
      ['马德里竞技', 0.18, 0.3],
      ['本菲卡', 0.15, 0.1],
    ]),
  },
  {
    sport: 'basketball',
    ref: 'nba',
    name: 'NBA',
    slots: [0, 30, 60, 90, 120, 150],
    leaguePoints: 114,
    teams: basketball([
      ['波士顿凯尔特人', 6, 5],
      ['俄克拉荷马城雷霆', 4, 7],
      ['丹佛掘金', 5, 1],
      ['克利夫兰骑士', 5, 4],
      ['纽约尼克斯', 3, 3],
      ['明尼苏达森林狼', 1, 6],
      ['密尔沃基雄鹿', 3, 0],
      ['洛杉矶湖人', 2, 0],
      ['金州勇士', 2, 1],
      ['菲尼克斯太阳', 3, -2],
      ['达拉斯独行侠', 4, 0],
      ['洛杉矶快船', 0, 2],
      ['迈阿密热火', -1, 3],
      ['萨克拉门托国王', 2, -3],
      ['印第安纳步行者', 5, -4],
      ['休斯顿火箭', -1, 4],
    ]),
  },
  {
    sport: 'basketball',
    ref: 'cba',
    name: 'CBA',
    slots: [420, 575, 695, 755],
    leaguePoints: 100,
    teams: basketball([
      ['辽宁本钢', 5, 6],
      ['广东宏远', 6, 3],
      ['浙江稠州', 4, 3],
      ['上海久事', 4, 1],
      ['北京首钢', 1, 4],
      ['新疆伊力特', 3, 1],
      ['深圳马可波罗', 2, 0],
      ['山东高速', 1, 0],
      ['浙江广厦', 3, -1],
      ['青岛国信', 0, -1],
      ['北京北控', -1, -2],
      ['南京同曦', -2, -3],
      ['四川金强', -3, -2],
      ['天津先行者', -4, -3],
      ['福建浔兴', -3, -4],
      ['广州龙狮', -1, -3],
    ]),
  },
  {
    sport: 'tennis',
    ref: 'atp',
    name: 'ATP',
    slots: [30, 150, 270, 390, 510, 630],
    bestOf: 3,
    players: tennis([
      ['亚历克斯·莫拉莱斯', 0.12],
      ['卢卡·贝尔蒂尼', 0.11],
      ['扬·科瓦奇', 0.1],
      ['马克西姆·杜邦', 0.09],
      ['丹尼尔·霍夫曼', 0.085],
      ['托马斯·尼尔森', 0.08],
      ['王浩然', 0.075],
      ['安德烈·彼得罗夫', 0.07],
      ['卡洛斯·门多萨', 0.065],
      ['尼克·哈里森', 0.06],
      ['雅各布·施耐德', 0.055],
      ['李振宇', 0.05],
      ['费利克斯·马丁', 0.045],
      ['马特奥·罗西', 0.04],
      ['乔丹·米勒', 0.03],
      ['伊万·诺瓦克', 0.02],
    ]),
  },
  {
    sport: 'tennis',
    ref: 'wta',
    name: 'WTA',
    slots: [90, 210, 330, 450, 570, 690],
    bestOf: 3,
    players: tennis([
      ['索菲亚·罗西', 0.1],
      ['张雨萱', 0.095],
      ['安娜·科瓦奇', 0.09],
      ['玛丽亚·冈萨雷斯', 0.085],
      ['伊琳娜·沃尔科娃', 0.08],
      ['陈思琪', 0.075],
      ['卡塔琳娜·施密特', 0.07],
      ['劳拉·马丁内斯', 0.065],
      ['克拉拉·杜兰德', 0.06],
      ['汉娜·贝克尔', 0.055],
      ['林欣怡', 0.05],
      ['奥尔加·彼得罗娃', 0.045],
      ['米娅·詹森', 0.04],
      ['王佳琪', 0.035],
      ['艾拉·安德森', 0.03],
      ['露西·布朗', 0.02],
    ]),
  },
];
