import type { USB_CLASSES } from '@sabaq/events';

export type UsbClass = (typeof USB_CLASSES)[number];

/**
 * A USB device's class from what the system says of it (systeminformation's `type`, else its name):
 * the USB-IF base classes a school may forbid. Keyboards, mice, hubs and the like are not classed
 * (`hid_extra` is a second keyboard-like device a school may refuse, told by its name).
 */
export function usbClassOf(
  type: string | null | undefined,
  name: string | null | undefined,
): UsbClass | null {
  const text = `${type ?? ''} ${name ?? ''}`.toLowerCase();
  if (/mass storage|storage|flash|disk|card reader|usb drive/.test(text)) return 'mass_storage';
  if (/camera|webcam|video/.test(text)) return 'video';
  if (/audio|headset|speaker|microphone/.test(text)) return 'audio';
  if (/bluetooth|wireless|wi-?fi|wlan|802\.11/.test(text)) return 'wireless';
  if (/printer/.test(text)) return 'printer';
  if (/presenter|barcode|keypad|gamepad|joystick/.test(text)) return 'hid_extra';
  return null;
}
