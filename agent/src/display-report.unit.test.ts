import { describe, expect, it } from 'vitest';
import { parseFirmwareDisplayReport } from './display-report';

/** A report as an inventory tool writes it: monitors as child elements, AMT and LMS states. */
const CHILD_ELEMENTS = `<?xml version="1.0" encoding="utf-8"?>
<SystemReport>
  <AMT><ProvisioningState>Provisioned</ProvisioningState></AMT>
  <LMS><State>Running</State></LMS>
  <Monitors>
    <Monitor>
      <Id>DISPLAY1</Id><Name>Dell P2419H</Name><Model>DELA0F4</Model><OutputType>HDMI</OutputType>
    </Monitor>
    <Monitor>
      <Id>DISPLAY2</Id><Name>Built-in</Name><Model>LGD05E5</Model><OutputType>Internal</OutputType>
    </Monitor>
  </Monitors>
</SystemReport>`;

/** The same facts as attributes, other spellings and case, AMT not provisioned, LMS absent. */
const ATTRIBUTES = `<report>
  <amt provisioningstate="Not Provisioned"/>
  <lms state="NotPresent"/>
  <display id="\\\\.\\DISPLAY1" userfriendlyname="Samsung S24" productcode="SAM0B4E" videooutputtechnology="DisplayPort"/>
</report>`;

describe('the firmware/display report (spec 001 §3, §4)', () => {
  it('reads each monitor id, name, model and output type from child elements', () => {
    const report = parseFirmwareDisplayReport(CHILD_ELEMENTS);
    expect(report.monitors).toEqual([
      { id: 'DISPLAY1', name: 'Dell P2419H', model: 'DELA0F4', output_type: 'HDMI' },
      { id: 'DISPLAY2', name: 'Built-in', model: 'LGD05E5', output_type: 'Internal' },
    ]);
    expect(report.amt_provisioned).toBe(true);
    expect(report.lms_present).toBe(true);
  });

  it('reads attributes in any case, NotPresent LMS as absent, Not Provisioned as not provisioned', () => {
    const report = parseFirmwareDisplayReport(ATTRIBUTES);
    expect(report.monitors).toEqual([
      { id: '\\\\.\\DISPLAY1', name: 'Samsung S24', model: 'SAM0B4E', output_type: 'DisplayPort' },
    ]);
    expect(report.lms_present).toBe(false);
    expect(report.amt_provisioned).toBe(false);
  });

  it("counts 'None Detected' as not provisioned and leaves unknown flags null", () => {
    const report = parseFirmwareDisplayReport('<r><ProvisioningState>None Detected</ProvisioningState></r>');
    expect(report.amt_provisioned).toBe(false);
    expect(report.lms_present).toBeNull();
    expect(report.monitors).toEqual([]);
    const bare = parseFirmwareDisplayReport('<r><Monitor><Name>X</Name></Monitor></r>');
    expect(bare.amt_provisioned).toBeNull();
    // A monitor without an id is numbered in its order.
    expect(bare.monitors).toEqual([{ id: '1', name: 'X', model: null, output_type: null }]);
  });

  it('refuses a document that is not XML', () => {
    expect(() => parseFirmwareDisplayReport('<r><Monitor></r>')).toThrow(/Not a display report/);
    expect(() => parseFirmwareDisplayReport('')).toThrow(/Not a display report/);
  });
});
