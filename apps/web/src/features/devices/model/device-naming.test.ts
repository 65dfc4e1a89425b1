import { describe, expect, it } from 'vitest';
import { deviceDetailPath, deviceImageUrl, deviceTitle } from './device-naming';

describe('naming a machine on screen', () => {
  it('uses the name, or the machine code while it has none', () => {
    expect(deviceTitle({ name: ' 切割机 A1 ', machineCode: 'MC001' })).toBe('切割机 A1');
    expect(deviceTitle({ name: '  ', machineCode: 'MC001' })).toBe('MC001');
  });

  it('links to the detail with the id in the query', () => {
    expect(deviceDetailPath('0b6c0a4e-1f7a-4b8e-9d1c-2f3a4b5c6d7e')).toBe(
      '/device/detail?id=0b6c0a4e-1f7a-4b8e-9d1c-2f3a4b5c6d7e',
    );
    expect(deviceDetailPath('a&b')).toBe('/device/detail?id=a%26b');
  });

  it('loads an image only from the web or this site', () => {
    expect(deviceImageUrl('https://cdn.example.com/k1.png')).toBe('https://cdn.example.com/k1.png');
    expect(deviceImageUrl(' /web/img/k1.png ')).toBe('/web/img/k1.png');
    expect(deviceImageUrl('//evil.example/x.png')).toBeNull();
    expect(deviceImageUrl('javascript:alert(1)')).toBeNull();
    expect(deviceImageUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(deviceImageUrl('')).toBeNull();
  });
});
