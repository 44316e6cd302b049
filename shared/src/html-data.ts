/**
 * The ids of the inert JSON blocks in which the server hands a page's HTML the data its first
 * screen was drawn with, read by the app's first render: the home page's slider list
 * (docs/decisions/043-first-paint-html-and-fonts.md) and the site settings of every citizen page
 * with a first screen (docs/decisions/047-scripts-after-the-first-paint.md). No zod here: the
 * home page's first load must not pull it in.
 */
export const SLIDER_DATA_ID = 'home-slider-data';
export const SETTINGS_DATA_ID = 'public-settings-data';
