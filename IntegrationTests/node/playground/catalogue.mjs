// Device entries as `GET /devices/{id}` answers them, written out by hand from the catalogue
// (Sources/InsetDevices/Resources/devices.json): the iPhone 15 (Dynamic Island), the iPhone SE (3rd generation)
// (Home button, two portrait safe areas of which one names no release), the iPad Air 11-inch (M2) and the Pixel 9.
// A keyboard frame is the catalogue's height at the bottom of the screen held that way.

/** The two publications the iPhone 15's numbers come from, as the catalogue lists them. */
export const SOURCES = [
  {
    id: "device-preview-probe",
    publisher: "Aloïs Deniel (flutter_device_preview)",
    title: "device_specs/apple-*.json, probed on the iOS 26.5 Simulator",
    kind: "measurement",
    year: 2026,
    covers: "safe areas and keyboards",
  },
  {
    id: "apple-hig-layout",
    publisher: "Apple",
    title: "Layout — Human Interface Guidelines",
    kind: "document",
    year: null,
    covers: "screens",
  },
];

export const IPHONE_15 = {
  id: "iphone-15",
  name: "iPhone 15",
  platform: "ios",
  family: "iPhone",
  systems: ["18", "26", "27"],
  screen: { width: 393, height: 852, scale: 3, source: "apple-hig-layout" },
  safeAreas: [
    {
      orientation: "portrait",
      system: "26.5",
      insets: { top: 59, left: 0, bottom: 34, right: 0 },
      source: "device-preview-probe",
      measuredOn: "iPhone 16",
    },
    {
      orientation: "landscape",
      system: "26.5",
      insets: { top: 0, left: 59, bottom: 20, right: 59 },
      source: "device-preview-probe",
      measuredOn: "iPhone 16",
    },
  ],
  keyboards: [
    {
      orientation: "portrait",
      type: "standard",
      predictive: true,
      mode: "docked",
      system: "26.5",
      frame: { x: 0, y: 517, width: 393, height: 335 },
      source: "device-preview-probe",
      measuredOn: "iPhone 16",
    },
    {
      orientation: "landscape",
      type: "standard",
      predictive: true,
      mode: "docked",
      system: "26.5",
      frame: { x: 0, y: 185, width: 852, height: 208 },
      source: "device-preview-probe",
      measuredOn: "iPhone 16",
    },
  ],
  absent: [
    "the keyboard without the predictive bar: no published measurement",
    "the emoji keyboard: no published measurement of its frame",
  ],
  sources: SOURCES,
};

export const IPHONE_SE_3 = {
  id: "iphone-se-3",
  name: "iPhone SE (3rd generation)",
  platform: "ios",
  family: "iPhone",
  systems: ["18", "26", "27"],
  screen: { width: 375, height: 667, scale: 2, source: "apple-hig-layout" },
  safeAreas: [
    { orientation: "portrait", system: null, insets: { top: 20, left: 0, bottom: 0, right: 0 }, source: "device-sim" },
    { orientation: "landscape", system: null, insets: { top: 0, left: 0, bottom: 0, right: 0 }, source: "device-sim" },
    {
      orientation: "portrait",
      system: "26.5",
      insets: { top: 20, left: 0, bottom: 0, right: 0 },
      source: "device-preview-probe",
    },
    {
      orientation: "landscape",
      system: "26.5",
      insets: { top: 0, left: 0, bottom: 0, right: 0 },
      source: "device-preview-probe",
    },
  ],
  keyboards: [
    {
      orientation: "portrait",
      type: "standard",
      predictive: true,
      mode: "docked",
      system: "26.5",
      frame: { x: 0, y: 407, width: 375, height: 260 },
      source: "device-preview-probe",
    },
  ],
  absent: [],
  sources: SOURCES,
};

export const IPAD_AIR_11_M2 = {
  id: "ipad-air-11-m2",
  name: "iPad Air 11-inch (M2)",
  platform: "ios",
  family: "iPad",
  systems: ["18", "26"],
  screen: { width: 820, height: 1180, scale: 2, source: "apple-hig-layout" },
  safeAreas: [
    {
      orientation: "portrait",
      system: "26.5",
      insets: { top: 32, left: 0, bottom: 25, right: 0 },
      source: "device-preview-probe",
    },
  ],
  keyboards: [],
  absent: [],
  sources: SOURCES,
};

export const PIXEL_9 = {
  id: "pixel-9",
  name: "Pixel 9",
  platform: "android",
  family: "Pixel",
  screen: { width: 411.43, height: 923.43, density: 2.625, source: "device-preview-pixel-probe" },
  statusBars: [
    { orientation: "portrait", height: 54, system: "16", source: "device-preview-pixel-probe" },
    { orientation: "landscape", height: 52, system: "16", source: "device-preview-pixel-probe" },
  ],
  navigationBars: [
    { orientation: "portrait", mode: "gesture", height: 24, system: "16", source: "device-preview-pixel-probe" },
    { orientation: "landscape", mode: "gesture", height: 24, system: "16", source: "device-preview-pixel-probe" },
    { orientation: "portrait", mode: "threeButton", height: 48, system: null, source: "aosp-dimens" },
  ],
  imes: [
    { orientation: "portrait", height: 336, system: "16", source: "device-preview-ime-default" },
    { orientation: "landscape", height: 252, system: "16", source: "device-preview-ime-default" },
  ],
  absent: ["the three-button navigation bar in landscape: where this device puts it is not published"],
  sources: [],
};

/** Where the playground's modules are, from this folder. */
export const MODULES = new URL("../../../Sources/InsetPlayground/Resources/playground/", import.meta.url);
