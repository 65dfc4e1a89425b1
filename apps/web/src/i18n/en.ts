import { accountEn, authEn } from './accounts.en';
import { activationEn } from './activation.en';
import { craftEn } from './craft.en';
import { databoardEn } from './databoard.en';
import { designEn } from './design.en';
import { deviceSendEn } from './device-send.en';
import { devicesEn } from './devices.en';
import { driveEn } from './drive.en';
import { editorsEn } from './editors.en';
import { pluginRunEn } from './plugin-run.en';
import { pluginsManageEn } from './plugins-manage.en';
import { shareEn } from './share.en';
import { storeEn } from './store.en';
import { supportChatEn } from './support-chat.en';
import { supportFeedbackEn } from './support-feedback.en';
import { sysmMonitorEn } from './sysm-monitor.en';
import { sysmRoleEn } from './sysm-role.en';
import { sysmUserEn } from './sysm-user.en';
import { systemEn } from './system.en';
import { viewersEn } from './viewers.en';
import type { zhCN } from './zh-CN';

/**
 * Same shape as the Chinese catalogue, every leaf a string: a missing or extra key fails the type check.
 * English may add a counted text's singular as `key_one`, which i18next picks when `count` is 1.
 */
export type Catalogue<T = typeof zhCN> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> } & {
  [K in keyof T as T[K] extends string ? `${K & string}_one` : never]?: string;
};

export const en: Catalogue = {
  app: {
    name: 'Kerf',
    documentTitle: 'Kerf Laser Cloud',
    logoAlt: 'Kerf logo',
  },
  route: {
    home: 'Home',
    workbench: 'Workbench',
    help: 'Usage help',
    notFound: 'Page not found',
    login: 'Sign in',
    register: 'Register',
    forget: 'Reset password',
    wechatLogin: 'WeChat sign-in',
    account: 'My account',
    share: 'Shared files',
    design: 'Design',
  },
  nav: {
    expandSidebar: 'Expand sidebar',
    collapseSidebar: 'Collapse sidebar',
    openMenu: 'Open menu',
    language: 'Change language',
    currency: 'Change currency',
    settings: 'Layout settings',
    signIn: 'Sign in',
    register: 'Register',
    breadcrumb: 'You are here',
    userMenu: 'User menu: {{name}}',
    account: 'My account',
    signOut: 'Sign out',
  },
  currency: {
    CNY: 'Chinese yuan CNY',
    USD: 'US dollar USD',
  },
  tags: {
    label: 'Open pages',
    close: 'Close',
    closeTag: 'Close {{title}}',
    refresh: 'Refresh page',
    closeCurrent: 'Close this',
    closeOthers: 'Close others',
    closeLeft: 'Close to the left',
    closeRight: 'Close to the right',
    closeAll: 'Close all',
  },
  settings: {
    title: 'Layout settings',
    styleSection: 'Theme',
    sideTheme: 'Sidebar theme',
    sideDark: 'Dark sidebar',
    sideLight: 'Light sidebar',
    themeColour: 'Theme colour',
    presets: 'Suggested colours',
    layoutSection: 'Layout',
    tagsView: 'Show tags view',
    fixedHeader: 'Fixed header',
    sidebarLogo: 'Sidebar logo',
    dynamicTitle: 'Dynamic title',
    savedHint: 'Changes apply at once and are kept in this browser.',
    reset: 'Reset to defaults',
    resetDone: 'The default layout is back',
  },
  floatHelp: {
    menu: 'Help menu',
    help: 'Usage help',
    backTop: 'Back to top',
    shortcuts: 'Keyboard shortcuts',
  },
  request: {
    reloginTitle: 'Notice',
    relogin: 'Sign in again',
    stay: 'Cancel',
  },
  home: {
    nav: {
      features: 'Features',
      workflow: 'How it works',
      audience: 'Who it is for',
    },
    hero: {
      eyebrow: 'The cloud platform for laser cutting and engraving',
      title: 'Your laser workshop, in the cloud',
      subtitle:
        'Upload drawings, design in the browser, apply proven laser parameters and send the job to your cutter or engraver. Kerf keeps files, drawings, craft libraries and machines in one place.',
      register: 'Create a free account',
      signIn: 'Sign in',
      workbench: 'Open the workbench',
      note: 'Nothing to install: it runs in your browser',
      illustration: 'A laser head cutting a path through a sheet',
      chipCraftLabel: 'Craft',
      chipCraft: '3 mm basswood · power 60% · speed 20 mm/s',
      chipDeviceLabel: 'Machine',
      chipDevice: 'K-01 cutter · processing',
    },
    features: {
      title: 'One platform for the whole laser workflow',
      subtitle:
        'Five modules that work together, so you stop shuttling between USB sticks, chat apps and spreadsheets.',
      drive: {
        title: 'Cloud drive',
        text: 'Folders, uploads, sharing and a recycle bin, with in-browser preview of images, video, audio, office files, code and markdown.',
      },
      gallery: {
        title: 'Drawing library & trade centre',
        text: 'Manage your own and your shop gallery, discover recommended designs, buy and sell drawings, and follow orders and payments.',
      },
      craft: {
        title: 'Craft parameter libraries',
        text: 'Private and standard libraries of laser parameters (power, speed, frequency, pulse width), applied to a layer in one click.',
      },
      devices: {
        title: 'Device cloud',
        text: 'Activate machines and replace motherboards, see running, processing, paused, fault and idle time, control machines remotely, and read event logs on a dashboard.',
      },
      editor: {
        title: 'Browser design editor',
        text: 'Layers, arrays and bitmap settings; import SVG, DXF, DWG and BMP, and turn drawings into jobs your machine can run.',
      },
    },
    workflow: {
      title: 'A job in four steps',
      upload: { title: 'Upload', text: 'Put DXF, SVG and bitmap files in your drive and reach them anywhere.' },
      design: { title: 'Design', text: 'Lay out, array and assign layers in the browser.' },
      craft: { title: 'Choose the craft', text: 'Apply proven parameters from your craft library to each layer.' },
      send: { title: 'Send to the machine', text: 'Send the job to an activated machine and follow it remotely.' },
    },
    audience: {
      title: 'Who it is for',
      operators: { title: 'Machine operators', text: 'No more parameters from memory or drawings on USB sticks.' },
      shops: { title: 'Shop owners', text: 'Drawings, orders and customer files in one place.' },
      factories: { title: 'Factories', text: 'The state and events of every machine on one screen.' },
      designers: { title: 'Designers', text: 'List your designs and sell them straight to makers.' },
    },
    cta: {
      title: 'Ready to bring your workshop online?',
      text: 'Signing up takes a minute, and you can switch between Chinese and English at any time.',
    },
    footer: {
      copyright: '© {{year}} Kerf Laser Cloud',
      help: 'Usage help',
      workbench: 'Workbench',
    },
  },
  workbench: {
    greeting: 'Welcome to the Kerf workbench',
    intro: 'Your files, drawings, laser settings and machines in one place. Sign in to open your cloud drive.',
    modulesTitle: 'Also in Kerf',
    helpLink: 'Read the usage help',
  },
  drive: driveEn,
  share: shareEn,
  supportChat: supportChatEn,
  supportFeedback: supportFeedbackEn,
  craft: craftEn,
  devices: devicesEn,
  activation: activationEn,
  databoard: databoardEn,
  deviceSend: deviceSendEn,
  store: storeEn,
  system: systemEn,
  sysmMonitor: sysmMonitorEn,
  sysmRole: sysmRoleEn,
  sysmUser: sysmUserEn,
  editors: editorsEn,
  design: designEn,
  'plugin-run': pluginRunEn,
  'plugins-manage': pluginsManageEn,
  viewers: viewersEn,
  auth: authEn,
  account: accountEn,
  help: {
    title: 'Usage help',
    updated: 'This help grows as new features arrive.',
    chapters: 'Manual chapters',
    sectionLink: 'Link to this section',
    onThisPage: 'On this page',
    search: {
      label: 'Search the manual',
      placeholder: 'Search the manual',
      none: 'Nothing in the manual matches',
      results: 'Search results: {{count}}',
    },
  },
  notFound: {
    title: '404',
    subtitle: 'Sorry, this page does not exist or is not open yet.',
    path: 'Address: {{path}}',
    backHome: 'Back to home',
    workbench: 'Open the workbench',
  },
  error: {
    title: 'The page failed to load',
    subtitle: 'The network may have dropped, or the platform was just updated. Please reload the page.',
    reload: 'Reload',
    backHome: 'Back to home',
  },
};
