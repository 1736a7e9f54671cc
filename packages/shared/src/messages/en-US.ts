import type { Messages } from './zh-CN'

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> }

/** English messages; anything missing falls back to zh-CN. */
export const enUS: DeepPartial<Messages> = {
  app: { name: 'Natural Resources Satellite Remote Sensing Cloud Service', shortName: 'Satellite RS Cloud', demoData: 'Demo data' },
  nav: {
    home: 'Home',
    satellite: 'Satellites',
    chineseSatellite: 'Chinese satellites',
    globalSatellite: 'Global satellites',
    dynamicAnalysis: 'Analysis',
    typicalImage: 'Typical images',
    normal: 'Image search',
    statistics: 'Statistics',
    orbitalPredict: 'Orbit prediction',
    monitor: 'Applications',
  },
  header: { switchLanguage: '中', login: 'Log in', register: 'Register', logout: 'Log out', cart: 'Cart', personalCenter: 'My account' },
  login: {
    title: 'Log in',
    username: 'User name / phone / e-mail',
    password: 'Password',
    captcha: 'Captcha',
    submit: 'Log in',
    usernameRequired: 'Please enter your user name',
    passwordRequired: 'Please enter your password',
    captchaRequired: 'Please enter the captcha',
  },
  errors: {
    unknown: 'Unknown error, please contact the administrator or try again',
    sessionExpired: 'Your session has expired, please log in again',
  },
}
