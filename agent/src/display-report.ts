import { DOMParser, type Element } from '@xmldom/xmldom';

/**
 * The firmware/display report of specification 001 §3 ("parsed from XML, reading for each monitor its
 * id, name, model and output type") and the §4 device flags it carries (Intel AMT provisioned, the
 * LMS service present). The report comes from a school's inventory tool, so its spelling varies:
 * element names are matched without regard to case, and a value may be an attribute or a child
 * element (`<Monitor id="1">` or `<Monitor><Id>1</Id>`).
 */
export interface ReportedMonitor {
  id: string;
  name: string | null;
  model: string | null;
  output_type: string | null;
}

export interface FirmwareDisplayReport {
  monitors: ReportedMonitor[];
  /** The LMS (local manageability service) state; 'NotPresent' counts as absent (001 §4). */
  lms_present: boolean | null;
  /** Intel AMT provisioning; 'Not Provisioned' and 'None Detected' count as not provisioned (001 §4). */
  amt_provisioned: boolean | null;
}

const NOT_PROVISIONED = ['not provisioned', 'none detected'];

const lower = (s: string) => s.toLowerCase();

function elementsNamed(root: Element, names: readonly string[]): Element[] {
  const wanted = names.map(lower);
  const found: Element[] = [];
  const all = root.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) {
    const el = all.item(i);
    if (el && wanted.includes(lower(el.localName ?? el.nodeName))) found.push(el);
  }
  return found;
}

/** A value of an element: its attribute of one of the names, else the text of such a direct child. */
function valueOf(el: Element, names: readonly string[]): string | null {
  const wanted = names.map(lower);
  for (let i = 0; i < el.attributes.length; i++) {
    const attr = el.attributes.item(i);
    if (attr && wanted.includes(lower(attr.localName ?? attr.name))) return attr.value.trim() || null;
  }
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const child = node as Element;
    if (wanted.includes(lower(child.localName ?? child.nodeName))) {
      return (child.textContent ?? '').trim() || null;
    }
  }
  return null;
}

function textOfFirst(root: Element, names: readonly string[]): string | null {
  const [el] = elementsNamed(root, names);
  return el ? (el.textContent ?? '').trim() || null : null;
}

/** Parses the report; a document that is not XML is refused with an Error naming why. */
export function parseFirmwareDisplayReport(xml: string): FirmwareDisplayReport {
  const errors: string[] = [];
  let root: Element | null = null;
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') errors.push(message);
      },
    }).parseFromString(xml, 'text/xml');
    root = doc.documentElement;
  } catch (error) {
    // xmldom throws on a fatal error (a tag never closed) after reporting it.
    errors.push(error instanceof Error ? error.message : String(error));
  }
  if (errors.length > 0 || !root) throw new Error(`Not a display report: ${errors[0] ?? 'empty document'}`);

  const monitors = elementsNamed(root, ['Monitor', 'Display']).map((el, index) => ({
    id: valueOf(el, ['Id', 'MonitorId', 'InstanceName']) ?? String(index + 1),
    name: valueOf(el, ['Name', 'UserFriendlyName', 'FriendlyName']),
    model: valueOf(el, ['Model', 'ProductCode', 'ModelName']),
    output_type: valueOf(el, ['OutputType', 'VideoOutputTechnology', 'Connection', 'Connector']),
  }));

  const lmsState = (() => {
    const [lms] = elementsNamed(root, ['LMS']);
    if (lms) return valueOf(lms, ['State', 'Status']) ?? ((lms.textContent ?? '').trim() || null);
    return textOfFirst(root, ['LMSState']);
  })();
  const provisioning = (() => {
    const [amt] = elementsNamed(root, ['AMT']);
    const inAmt = amt ? valueOf(amt, ['ProvisioningState', 'ProvisioningStatus', 'State']) : null;
    return inAmt ?? textOfFirst(root, ['ProvisioningState', 'ProvisioningStatus']);
  })();

  return {
    monitors,
    lms_present: lmsState === null ? null : lower(lmsState) !== 'notpresent',
    amt_provisioned: provisioning === null ? null : !NOT_PROVISIONED.includes(lower(provisioning)),
  };
}
