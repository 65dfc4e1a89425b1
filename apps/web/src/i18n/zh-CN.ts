import { accountZhCN, authZhCN } from './accounts.zh-CN';
import { activationZhCN } from './activation.zh-CN';
import { craftZhCN } from './craft.zh-CN';
import { databoardZhCN } from './databoard.zh-CN';
import { designZhCN } from './design.zh-CN';
import { deviceSendZhCN } from './device-send.zh-CN';
import { devicesZhCN } from './devices.zh-CN';
import { driveZhCN } from './drive.zh-CN';
import { editorsZhCN } from './editors.zh-CN';
import { pluginRunZhCN } from './plugin-run.zh-CN';
import { pluginsManageZhCN } from './plugins-manage.zh-CN';
import { shareZhCN } from './share.zh-CN';
import { storeZhCN } from './store.zh-CN';
import { supportChatZhCN } from './support-chat.zh-CN';
import { supportFeedbackZhCN } from './support-feedback.zh-CN';
import { sysmMonitorZhCN } from './sysm-monitor.zh-CN';
import { sysmRoleZhCN } from './sysm-role.zh-CN';
import { sysmUserZhCN } from './sysm-user.zh-CN';
import { systemZhCN } from './system.zh-CN';
import { viewersZhCN } from './viewers.zh-CN';

/** The Chinese catalogue: the default language and the source of the key set (en.ts must match it). */
export const zhCN = {
  app: {
    name: 'Kerf',
    documentTitle: 'Kerf 激光云平台',
    logoAlt: 'Kerf 标志',
  },
  route: {
    home: '首页',
    workbench: '工作台',
    help: '使用帮助',
    notFound: '页面不存在',
    login: '登录',
    register: '注册',
    forget: '找回密码',
    wechatLogin: '微信登录',
    account: '个人中心',
    share: '分享的文件',
    design: '设计',
  },
  nav: {
    expandSidebar: '展开侧边栏',
    collapseSidebar: '收起侧边栏',
    openMenu: '打开菜单',
    language: '切换语言',
    currency: '切换币种',
    settings: '布局设置',
    signIn: '登录',
    register: '注册',
    breadcrumb: '当前位置',
    userMenu: '用户菜单：{{name}}',
    account: '个人中心',
    signOut: '退出登录',
  },
  currency: {
    CNY: '人民币 CNY',
    USD: '美元 USD',
  },
  tags: {
    label: '已打开的页面',
    close: '关闭',
    closeTag: '关闭 {{title}}',
    refresh: '刷新页面',
    closeCurrent: '关闭当前',
    closeOthers: '关闭其他',
    closeLeft: '关闭左侧',
    closeRight: '关闭右侧',
    closeAll: '全部关闭',
  },
  settings: {
    title: '布局设置',
    styleSection: '主题风格设置',
    sideTheme: '侧边栏主题',
    sideDark: '暗色侧边栏',
    sideLight: '亮色侧边栏',
    themeColour: '主题颜色',
    presets: '推荐颜色',
    layoutSection: '系统布局配置',
    tagsView: '开启 Tags-Views',
    fixedHeader: '固定 Header',
    sidebarLogo: '侧边栏 Logo',
    dynamicTitle: '动态标题',
    savedHint: '设置会立即生效，并保存在当前浏览器中。',
    reset: '重置配置',
    resetDone: '已恢复默认布局',
  },
  floatHelp: {
    menu: '帮助菜单',
    help: '使用帮助',
    backTop: '回到顶部',
    shortcuts: '快捷键',
  },
  request: {
    reloginTitle: '系统提示',
    relogin: '重新登录',
    stay: '取消',
  },
  home: {
    nav: {
      features: '功能',
      workflow: '工作流程',
      audience: '适用人群',
    },
    hero: {
      eyebrow: '面向激光切割与雕刻的云平台',
      title: '激光加工的云端工作台',
      subtitle:
        '上传图纸、在线设计、套用工艺参数，再把任务下发到你的切割机和雕刻机。Kerf 把文件、图库、工艺库和设备放在同一个地方。',
      register: '免费注册',
      signIn: '登录',
      workbench: '进入工作台',
      note: '无需安装，打开浏览器即可使用',
      illustration: '激光头沿路径切割板材的示意图',
      chipCraftLabel: '工艺',
      chipCraft: '3 mm 椴木板 · 功率 60% · 速度 20 mm/s',
      chipDeviceLabel: '设备',
      chipDevice: 'K-01 切割机 · 加工中',
    },
    features: {
      title: '一个平台，覆盖激光加工全流程',
      subtitle: '五个模块协同工作，不再在 U 盘、聊天工具和参数表之间来回切换。',
      drive: {
        title: '云盘',
        text: '文件夹、上传、分享和回收站；图片、视频、音频、Office、代码与 Markdown 均可在线预览。',
      },
      gallery: {
        title: '图库与交易中心',
        text: '管理我的图库与店铺图库，发现推荐资源，买卖图纸，订单和支付记录一目了然。',
      },
      craft: {
        title: '工艺参数库',
        text: '私有库与标准库保存功率、速度、频率、脉宽等激光参数，不同材料一键套用到图层。',
      },
      devices: {
        title: '设备云',
        text: '设备激活与主板更换；查看运行、加工、暂停、故障与空闲时长，远程控制设备，查阅事件日志和数据看板。',
      },
      editor: {
        title: '在线设计编辑器',
        text: '图层、阵列与位图处理，导入 SVG、DXF、DWG、BMP，把图纸变成机器可以执行的加工任务。',
      },
    },
    workflow: {
      title: '四步完成一次加工',
      upload: { title: '上传图纸', text: '把 DXF、SVG 和位图放进云盘，随时随地取用。' },
      design: { title: '在线设计', text: '在浏览器里排版、阵列、分配图层。' },
      craft: { title: '匹配工艺', text: '从工艺库为每个图层套用验证过的参数。' },
      send: { title: '下发加工', text: '把任务发送到已激活的设备，并远程查看进度。' },
    },
    audience: {
      title: '为谁打造',
      operators: { title: '设备操作员', text: '参数不再靠记，图纸不再靠拷。' },
      shops: { title: '门店老板', text: '图纸、订单与客户文件集中管理。' },
      factories: { title: '工厂', text: '多台设备的状态与事件一屏掌握。' },
      designers: { title: '设计师', text: '作品上架图库，直接卖给加工方。' },
    },
    cta: {
      title: '准备好把车间搬上云了吗？',
      text: '注册只需一分钟，中文和英文界面随时切换。',
    },
    footer: {
      copyright: '© {{year}} Kerf 激光云平台',
      help: '使用帮助',
      workbench: '工作台',
    },
  },
  workbench: {
    greeting: '欢迎来到 Kerf 工作台',
    intro: '你的文件、图纸、加工工艺和设备都在这里。登录后即可打开你的云盘。',
    modulesTitle: 'Kerf 还能做什么',
    helpLink: '查看使用帮助',
  },
  drive: driveZhCN,
  share: shareZhCN,
  supportChat: supportChatZhCN,
  supportFeedback: supportFeedbackZhCN,
  craft: craftZhCN,
  devices: devicesZhCN,
  activation: activationZhCN,
  databoard: databoardZhCN,
  deviceSend: deviceSendZhCN,
  store: storeZhCN,
  system: systemZhCN,
  sysmMonitor: sysmMonitorZhCN,
  sysmRole: sysmRoleZhCN,
  sysmUser: sysmUserZhCN,
  editors: editorsZhCN,
  design: designZhCN,
  'plugin-run': pluginRunZhCN,
  'plugins-manage': pluginsManageZhCN,
  viewers: viewersZhCN,
  auth: authZhCN,
  account: accountZhCN,
  help: {
    title: '使用帮助',
    updated: '帮助内容会随着新功能上线而更新。',
    chapters: '手册目录',
    sectionLink: '本节链接',
    onThisPage: '本页内容',
    search: {
      label: '搜索使用手册',
      placeholder: '搜索使用手册',
      none: '手册中没有匹配的内容',
      results: '搜索结果：{{count}} 条',
    },
  },
  notFound: {
    title: '404',
    subtitle: '抱歉，你访问的页面不存在或尚未开放。',
    path: '页面地址：{{path}}',
    backHome: '返回首页',
    workbench: '进入工作台',
  },
  error: {
    title: '页面加载失败',
    subtitle: '可能是网络中断，或者平台刚刚更新。请刷新页面重试。',
    reload: '刷新页面',
    backHome: '返回首页',
  },
};
