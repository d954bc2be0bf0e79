const {themes} = require('prism-react-renderer');
function hex(c){ c=c.trim(); if(c.startsWith('rgb')){const m=c.match(/[\d.]+/g).map(Number);return m.slice(0,3);} c=c.replace('#',''); if(c.length===3)c=c.split('').map(x=>x+x).join(''); return [0,2,4].map(i=>parseInt(c.slice(i,i+2),16)); }
function lum(rgb){ const a=rgb.map(v=>{v/=255;return v<=0.03928?v/12.92:Math.pow((v+0.055)/1.055,2.4)}); return 0.2126*a[0]+0.7152*a[1]+0.0722*a[2]; }
function cr(a,b){const x=lum(hex(a)),y=lum(hex(b));return (Math.max(x,y)+0.05)/(Math.min(x,y)+0.05);}
function blend(bg, alpha, over){ const b=hex(bg); return 'rgb('+b.map((v,i)=>Math.round(v*(1-alpha)+over[i]*alpha)).join(',')+')'; }
for (const [name,t] of Object.entries(themes)) {
  const bg=t.plain.backgroundColor; if(!bg) continue;
  const colors=[[ 'plain', t.plain.color], ...t.styles.filter(s=>s.style.color).map(s=>[s.types.join(','), s.style.color])];
  let worst=99, w='';
  let worstHl=99;
  const hlLight=blend(bg,0.1,[0,0,0]), hlDark=blend(bg,0.3,[0,0,0]);
  for (const [k,c] of colors){ try{ const r=cr(c,bg); if(r<worst){worst=r;w=k+' '+c;} const h=Math.min(cr(c,hlLight),cr(c,hlDark)); if(h<worstHl) worstHl=h;}catch(e){} }
  console.log(name.padEnd(22), bg.padEnd(10), 'lum', lum(hex(bg)).toFixed(2), 'worst', worst.toFixed(2), w, '| on hl(light .1/dark .3) worst', worstHl.toFixed(2));
}
console.log('----');
function toHex(rgb){return '#'+rgb.map(v=>Math.round(v).toString(16).padStart(2,'0')).join('');}
function fix(c, bgs, towards, target=4.6){ let rgb=hex(c); for(let t=0;t<=1;t+=0.01){ const m=rgb.map((v,i)=>v*(1-t)+towards[i]*t); const h=toHex(m); if(bgs.every(b=>cr(h,b)>=target)) return [h, t.toFixed(2), bgs.map(b=>cr(h,b).toFixed(2)).join('/')]; } }
for (const c of ['#999988','#e3116c','#393A34','#36acaa','#00a4db','#d73a49','#6f42c1','#00009f']) console.log('github', c, bgsL=['#f6f8fa','#dddfe1'].map(b=>cr(c,b).toFixed(2)).join('/'), '->', fix(c,['#f6f8fa','#dddfe1'],[0,0,0]));
for (const c of ['rgb(98, 114, 164)','rgb(189, 147, 249)','rgb(80, 250, 123)','rgb(255, 85, 85)','rgb(255, 121, 198)','rgb(241, 250, 140)']) console.log('dracula', c, cr(c,'#282A36').toFixed(2), '->', fix(c,['#282A36','#1c1d26'],[255,255,255]));
