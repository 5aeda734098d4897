import { describe, expect, it } from 'vitest';
import { ipRowHref, viewerSection } from '@/components/designers/ip-row-href';

const holderList = ['calbee:admin', 'calbee:boss', 'calbee:calbee'];

describe('SPEC §2 Designer view page: IP links', () => {
  it('uses the third path segment of the current URL and the IP key', () => {
    expect(ipRowHref('designer', '/jp/designer/abc123', 'ip9')).toBe('/designer/ip/abc123/ip9');
    expect(ipRowHref('holder', '/en/designer/abc123?x=1#top', 'ip9')).toBe('/holder/ip/abc123/ip9');
  });

  it('takes the segment literally, whatever page the table is on', () => {
    expect(ipRowHref('designer', '/jp/designer/profile', 'k')).toBe('/designer/ip/profile/k');
    expect(ipRowHref('designer', '/jp', 'k')).toBe('/designer/ip//k');
  });

  it('picks the holder section for holder roles and the designer section otherwise', () => {
    expect(viewerSection(['calbee:admin'], holderList)).toBe('holder');
    expect(viewerSection(['calbee:boss', 'calbee:designer'], holderList)).toBe('holder');
    expect(viewerSection(['calbee:designer'], holderList)).toBe('designer');
    expect(viewerSection([], holderList)).toBe('designer');
  });
});
