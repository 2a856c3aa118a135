/* browser-check.js: injected into a copy of a grade's or class's page by
 * browser-test.sh; once Chromium has laid the page out, it writes what it found into
 * a pre element, #browser-check, as JSON, which --dump-dom prints: every plot drawn (an SVG
 * with a size and marks of a size), every speed bar filled, every link's file loaded
 * and its anchor found there, and every element within the window's width (none
 * overflowing its box or the page). */
(function () {
	var out = {plots: 0, drawn: 0, bars: 0, filled: 0, links: 0, resolved: 0, bad: [],
		   overflow: [], width: document.documentElement.clientWidth};
	var docs = {};
	function load(url) { /* a linked page, parsed (file:// read allowed by the test's flags) */
		if (!(url in docs)) {
			try {
				var x = new XMLHttpRequest();
				x.open('GET', url, false);
				x.send();
				docs[url] = x.responseText ?
					new DOMParser().parseFromString(x.responseText, 'text/html') : null;
			} catch (e) { docs[url] = null; }
		}
		return docs[url];
	}
	document.querySelectorAll('svg.plot').forEach(function (svg) {
		out.plots++;
		var r = svg.getBoundingClientRect(), marks = 0;
		svg.querySelectorAll('path, rect, circle, use').forEach(function (m) {
			var b = m.getBoundingClientRect();
			if (b.width > 0 || b.height > 0) marks++;
		});
		if (r.width > 100 && r.height > 50 && marks > 3) out.drawn++;
		else out.bad.push('plot ' + svg.getAttribute('data-plot') + ' not drawn');
	});
	document.querySelectorAll('.bar .fill').forEach(function (f) {
		out.bars++;
		if (f.getBoundingClientRect().width > 0) out.filled++;
		else out.bad.push('an empty speed bar');
	});
	document.querySelectorAll('a[href]').forEach(function (a) {
		out.links++;
		var url = a.href.split('#')[0], id = decodeURIComponent(a.hash.slice(1));
		var doc = url === location.href.split('#')[0] ? document : load(url);
		if (!doc) out.bad.push('link ' + a.getAttribute('href') + ': the page does not load');
		else if (id && !doc.getElementById(id))
			out.bad.push('link ' + a.getAttribute('href') + ': no anchor #' + id);
		else out.resolved++;
	});
	var w = document.documentElement.clientWidth;
	if (document.documentElement.scrollWidth > w)
		out.overflow.push('the page is ' + document.documentElement.scrollWidth + ' px wide in ' + w);
	document.body.querySelectorAll('*').forEach(function (el) {
		if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') return;
		var r = el.getBoundingClientRect(), cs = getComputedStyle(el);
		var what = el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ?
			'.' + el.className : '') + ' "' + (el.textContent || '').slice(0, 40) + '"';
		if (r.width > 0 && r.right > w + 1)
			out.overflow.push(what + ' ends at ' + Math.round(r.right) + ' px');
		else if (cs.overflowX === 'visible' && el.clientWidth > 0 &&
			 el.scrollWidth > el.clientWidth + 1 && cs.display !== 'inline')
			out.overflow.push(what + ' overflows its box');
	});
	var pre = document.createElement('pre');
	pre.id = 'browser-check';
	pre.textContent = JSON.stringify(out);
	document.body.appendChild(pre);
})();
