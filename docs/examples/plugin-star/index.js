// A star: `points` tips on a circle of `radius` mm, the inner corners at `inner` % of the radius.
// Kerf's coordinates are millimetres with y pointing down, so the first tip (angle -90°) is at the top.
kerf.register({
  run(params, context) {
    const { points, radius, inner } = params;
    const corners = [];
    for (let i = 0; i < points * 2; i++) {
      const distance = i % 2 === 0 ? radius : (radius * inner) / 100;
      const angle = (Math.PI * i) / points - Math.PI / 2;
      corners.push({ x: radius + distance * Math.cos(angle), y: radius + distance * Math.sin(angle) });
    }
    return {
      layers: [{ id: 'cut', name: context.locale === 'zh-CN' ? '切割' : 'Cut', color: '#e53935', mode: 'cut' }],
      shapes: [{ kind: 'polygon', points: corners, closed: true, name: `${points}-point star` }],
    };
  },
});
