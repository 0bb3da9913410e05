import Foundation

/// The report's HTML: one file with its style and script inline, a content security policy
/// that lets it load nothing, a server-rendered row per exchange (so the table reads without
/// script too) and the details as JSON the script renders on demand, only as text nodes.
struct ReportPage {
    let title: String
    let exchanges: [ReportExchange]
    let skipped: [String]

    func render() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 * 1024 + exchanges.count * 1024)
        let changed = exchanges.filter(\.isChanged).count
        let unmatched = exchanges.filter { $0.rules.isEmpty }.count
        let rules = Array(Set(exchanges.flatMap(\.rules))).sorted()
        let end = max(exchanges.map { $0.start + $0.duration }.max() ?? 0, 0.001)
        func add(_ text: String) { out.append(contentsOf: text.utf8) }

        add("""
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="RewriteKit">
            <title>\(Self.escape(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body data-state="loading" data-errors="0" data-blocked="0">
            <header>
            <h1>\(Self.escape(title))</h1>
            <p class="summary">\(exchanges.count) exchange\(exchanges.count == 1 ? "" : "s") · \(changed) changed by the rules · \(unmatched) with no rule applied\(skipped.isEmpty ? "" : " · \(skipped.count) entr\(skipped.count == 1 ? "y" : "ies") skipped")</p>
            <form id="filters" role="search" onsubmit="return false">
            <input type="search" id="q" placeholder="Filter by method, URL, status or rule  ( / )" aria-label="Filter">
            <select id="rule" aria-label="Rule"><option value="">every rule</option>
            """)
        for rule in rules { add("<option>\(Self.escape(rule))</option>") }
        add("""
            </select>
            <select id="status" aria-label="Status"><option value="">any status</option><option>2xx</option><option>3xx</option><option>4xx</option><option>5xx</option><option>failed</option></select>
            <label><input type="checkbox" id="changed"> only changed</label>
            <label><input type="checkbox" id="unmatched"> no rule applied</label>
            <span id="shown" aria-live="polite">\(exchanges.count) of \(exchanges.count)</span>
            </form>
            </header>
            <main>
            <div id="list">
            <table id="exchanges">
            <thead><tr><th>#</th><th>Method</th><th>URL</th><th>Status</th><th>Time</th><th>Size</th><th>Rules applied</th><th>Answer</th><th class="tl">Timeline</th></tr></thead>
            <tbody>

            """)
        for exchange in exchanges {
            let left = exchange.start / end * 100, width = max(exchange.duration / end * 100, 0.3)
            add("<tr data-exchange=\"\(exchange.index)\" data-status=\"\(exchange.statusClass)\" data-changed=\"\(exchange.isChanged ? 1 : 0)\"")
            add(" data-source=\"\(exchange.source.rawValue)\" tabindex=\"-1\">")
            add("<td class=\"n\">\(exchange.index + 1)</td><td>\(Self.escape(exchange.method))</td>")
            add("<td class=\"url\" title=\"\(Self.escape(exchange.url))\">\(Self.escape(exchange.url))</td>")
            add("<td class=\"status s\(exchange.statusClass)\">\(exchange.status.map(String.init) ?? "failed")</td>")
            add("<td class=\"num\">\(Self.milliseconds(exchange.duration))</td><td class=\"num\">\(Self.bytes(exchange.size))</td>")
            add("<td class=\"rules\">\(exchange.rules.isEmpty ? "<span class=\"none\">none</span>" : exchange.rules.map { "<span class=\"rule\">\(Self.escape($0))</span>" }.joined(separator: " "))</td>")
            add("<td><span class=\"src \(exchange.source.rawValue)\">\(exchange.source.rawValue)</span></td>")
            add(String(format: "<td class=\"tl\"><span style=\"left:%.2f%%;width:%.2f%%\"></span></td></tr>\n", left, min(width, 100 - min(left, 99.7))))
        }
        add("""
            </tbody>
            </table>
            <p id="empty" hidden>No exchange matches the filters.</p>
            </div>
            <section id="detail" aria-live="polite"><p class="hint">Select an exchange (click, or ↑ ↓ and Enter) to see its request and response before and after the rules.</p></section>
            </main>

            """)
        if !skipped.isEmpty {
            add("<footer><h2>Entries that are not exchanges</h2><ul>")
            for line in skipped { add("<li>\(Self.escape(line))</li>") }
            add("</ul></footer>\n")
        }
        add("<script type=\"application/json\" id=\"report-data\">[")
        for (position, exchange) in exchanges.enumerated() {
            if position > 0 { out.append(contentsOf: ",\n".utf8) }
            exchange.appendJSON(to: &out)
        }
        add("]</script>\n<script>\(Self.script)</script>\n</body>\n</html>\n")
        return out
    }

    /// Text for HTML: `&`, `<`, `>`, `"` and `'` as entities.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func milliseconds(_ seconds: TimeInterval) -> String {
        seconds < 10 ? String(format: "%.0f ms", seconds * 1000) : String(format: "%.1f s", seconds)
    }

    static func bytes(_ count: Int) -> String {
        count < 1024 ? "\(count) B" : count < 1024 * 1024 ? String(format: "%.1f KB", Double(count) / 1024) : String(format: "%.1f MB", Double(count) / 1_048_576)
    }

    static let style = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1d1d1f;--muted:#6e6e73;--line:#d2d2d7;--row:#f5f5f7;--sel:#dbeafe;--add:#dcfce7;--del:#fee2e2;--chg:#fef9c3;--accent:#2563eb;--bar:#60a5fa}
        @media (prefers-color-scheme:dark){:root{--bg:#1c1c1e;--fg:#f2f2f7;--muted:#a1a1aa;--line:#3a3a3c;--row:#242426;--sel:#1e3a5f;--add:#14532d;--del:#7f1d1d;--chg:#713f12;--accent:#60a5fa;--bar:#3b82f6}}
        *{box-sizing:border-box}body{margin:0;font:13px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
        header{position:sticky;top:0;background:var(--bg);border-bottom:1px solid var(--line);padding:8px 12px;z-index:2}
        h1{font-size:16px;margin:0 0 2px}.summary{margin:0 0 6px;color:var(--muted)}
        form{display:flex;gap:8px;flex-wrap:wrap;align-items:center}input[type=search]{flex:1;min-width:220px;padding:4px 6px}
        select,input{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:4px}#shown{color:var(--muted)}
        main{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);height:calc(100vh - 92px)}
        #list{overflow:auto;border-right:1px solid var(--line)}#detail{overflow:auto;padding:8px 12px}
        table{border-collapse:collapse;width:100%}th{position:sticky;top:0;background:var(--row);text-align:left;font-weight:600;border-bottom:1px solid var(--line)}
        th,td{padding:3px 6px;white-space:nowrap}tr[data-exchange]{cursor:pointer}tr[data-exchange]:nth-child(even){background:var(--row)}
        tr[data-exchange]:hover{outline:1px solid var(--line)}tr.selected{background:var(--sel)!important}tr[hidden]{display:none}
        td.url{max-width:300px;overflow:hidden;text-overflow:ellipsis}td.num,td.n{text-align:right;color:var(--muted)}
        .s4xx,.s5xx,.sfailed{color:#dc2626}.s3xx{color:#9333ea}.rule{display:inline-block;padding:0 5px;border-radius:8px;background:var(--sel);margin-right:2px}
        .none{color:var(--muted)}.src{font-size:11px;padding:0 4px;border-radius:3px;border:1px solid var(--line)}.src.stub{border-color:#16a34a;color:#16a34a}.src.failed{border-color:#dc2626;color:#dc2626}.src.cache{border-color:#9333ea;color:#9333ea}
        td.tl,th.tl{width:140px;min-width:140px;position:relative}td.tl span{position:absolute;top:7px;height:8px;background:var(--bar);border-radius:2px;min-width:2px}
        h2{font-size:14px;margin:14px 0 4px}h3{font-size:12px;margin:10px 0 2px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
        .kv{border-collapse:collapse;width:100%;font:12px ui-monospace,SFMono-Regular,Menlo,monospace}.kv td{white-space:pre-wrap;word-break:break-all;vertical-align:top;padding:1px 4px}.kv td:first-child{color:var(--muted);width:30%}
        .add{background:var(--add)}.del{background:var(--del);text-decoration:line-through}.chg{background:var(--chg)}
        pre{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre-wrap;word-break:break-all;margin:2px 0;padding:6px;background:var(--row);border-radius:4px;max-height:420px;overflow:auto}
        pre span{display:block}.note{color:var(--muted)}.trace li,.misses li{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre-wrap}
        .held{color:#16a34a}.failed{color:#dc2626}img.body{max-width:100%;max-height:300px;border:1px solid var(--line)}footer{padding:8px 12px;border-top:1px solid var(--line);color:var(--muted)}
        .hint{color:var(--muted)}
        """

    static let script = #"""
        (function(){
        "use strict";
        var body=document.body,errors=0,blocked=0;
        window.addEventListener("error",function(){errors++;body.dataset.errors=String(errors)});
        document.addEventListener("securitypolicyviolation",function(){blocked++;body.dataset.blocked=String(blocked)});
        var data=JSON.parse(document.getElementById("report-data").textContent);
        var byIndex={};data.forEach(function(x){byIndex[x.i]=x});
        var rows=Array.prototype.slice.call(document.querySelectorAll("tr[data-exchange]"));
        var q=document.getElementById("q"),rule=document.getElementById("rule"),status=document.getElementById("status"),
            changed=document.getElementById("changed"),unmatched=document.getElementById("unmatched"),shown=document.getElementById("shown"),
            detail=document.getElementById("detail"),empty=document.getElementById("empty");
        var texts=rows.map(function(r){return r.textContent.toLowerCase()});
        var rulesOf=rows.map(function(r){return Array.prototype.map.call(r.querySelectorAll(".rule"),function(s){return s.textContent})});
        var selected=null;
        function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;return e}
        function apply(){
          var needle=q.value.trim().toLowerCase(),n=0;
          rows.forEach(function(r,k){
            var ok=(!needle||texts[k].indexOf(needle)>=0)&&(!rule.value||rulesOf[k].indexOf(rule.value)>=0)&&(!status.value||r.dataset.status===status.value)
              &&(!changed.checked||r.dataset.changed==="1")&&(!unmatched.checked||rulesOf[k].length===0);
            r.hidden=!ok;if(ok)n++;
          });
          shown.textContent=n+" of "+rows.length;empty.hidden=n>0;writeHash();
        }
        function writeHash(){
          var p=[];if(q.value)p.push("q="+encodeURIComponent(q.value));if(rule.value)p.push("rule="+encodeURIComponent(rule.value));
          if(status.value)p.push("status="+status.value);if(changed.checked)p.push("changed=1");if(unmatched.checked)p.push("unmatched=1");
          if(selected)p.push("open="+(Number(selected.dataset.exchange)+1));
          var h=p.length?"#"+p.join("&"):"";if(location.hash!==h&&history.replaceState)history.replaceState(null,"",h||location.pathname);
        }
        function readHash(){
          var open=null;location.hash.replace(/^#/,"").split("&").forEach(function(part){
            var kv=part.split("="),k=kv[0],v=decodeURIComponent(kv.slice(1).join("=")||"");
            if(k==="q")q.value=v;else if(k==="rule")rule.value=v;else if(k==="status")status.value=v;
            else if(k==="changed")changed.checked=v==="1";else if(k==="unmatched")unmatched.checked=v==="1";else if(k==="open")open=v;
          });return open;
        }
        function pretty(b){if(b&&b.kind==="json"){try{return JSON.stringify(JSON.parse(b.text),null,2)}catch(e){}}return b?b.text:""}
        function lines(b){return b&&(b.kind==="json"||b.kind==="text")?pretty(b).split("\n"):null}
        function diff(a,b){
          var n=a.length,m=b.length;
          if(n*m>4e6){return a.map(function(t){return["del",t]}).concat(b.map(function(t){return["add",t]}))}
          var s=0;while(s<n&&s<m&&a[s]===b[s])s++;var e=0;while(e<n-s&&e<m-s&&a[n-1-e]===b[m-1-e])e++;
          var A=a.slice(s,n-e),B=b.slice(s,m-e),L=[];for(var i=0;i<=A.length;i++){L.push(new Int32Array(B.length+1))}
          for(i=A.length-1;i>=0;i--)for(var j=B.length-1;j>=0;j--)L[i][j]=A[i]===B[j]?L[i+1][j+1]+1:Math.max(L[i+1][j],L[i][j+1]);
          var out=a.slice(0,s).map(function(t){return["",t]});i=0;j=0;
          while(i<A.length&&j<B.length){if(A[i]===B[j]){out.push(["",A[i]]);i++;j++}else if(L[i+1][j]>=L[i][j+1]){out.push(["del",A[i++]])}else{out.push(["add",B[j++]])}}
          while(i<A.length)out.push(["del",A[i++]]);while(j<B.length)out.push(["add",B[j++]]);
          return out.concat(a.slice(n-e).map(function(t){return["",t]}));
        }
        function bodyView(before,after,same){
          var box=el("div");var b=same?before:after;
          if(!before&&!b){box.appendChild(el("p","note","(no body)"));return box}
          var shownBody=b||before;
          var note=(shownBody.size)+" bytes"+(shownBody.mime?" · "+shownBody.mime:"")+(shownBody.cut?" · the first 512 KB shown":"")+(same?"":" · changed by the rules");
          box.appendChild(el("p","note",note));
          if(shownBody.kind==="image"){var img=el("img","body");img.alt="image body";img.src="data:"+shownBody.mime+";base64,"+shownBody.data;box.appendChild(img);return box}
          if(shownBody.kind==="binary"){box.appendChild(el("pre",null,shownBody.hex+(shownBody.size>256?" …":"")));return box}
          var pre=el("pre");
          var la=lines(before),lb=lines(b);
          if(!same&&la&&lb){diff(la,lb).forEach(function(d){pre.appendChild(el("span",d[0],d[1]))})}
          else if(!same&&!before&&lb){lb.forEach(function(t){pre.appendChild(el("span","add",t))})}
          else{(lb||la||[]).forEach(function(t){pre.appendChild(el("span",null,t))})}
          box.appendChild(pre);return box;
        }
        function headerView(before,after){
          var t=el("table","kv"),seen={};
          function key(h){return h[0].toLowerCase()+"\u0000"+h[1]}
          var inAfter={};(after||before).forEach(function(h){inAfter[key(h)]=true});
          var inBefore={};before.forEach(function(h){inBefore[key(h)]=true});
          before.forEach(function(h){var r=el("tr",after&&!inAfter[key(h)]?"del":null);r.appendChild(el("td",null,h[0]));r.appendChild(el("td",null,h[1]));t.appendChild(r)});
          if(after)after.forEach(function(h){if(inBefore[key(h)])return;var r=el("tr","add");r.appendChild(el("td",null,h[0]));r.appendChild(el("td",null,h[1]));t.appendChild(r)});
          if(!before.length&&!(after&&after.length)){var r=el("tr");r.appendChild(el("td","note","(no headers)"));t.appendChild(r)}
          return t;
        }
        function show(row){
          if(selected)selected.classList.remove("selected");selected=row;
          if(!row){detail.textContent="";detail.appendChild(el("p","hint","Select an exchange."));writeHash();return}
          row.classList.add("selected");row.focus({preventScroll:true});row.scrollIntoView({block:"nearest"});
          var x=byIndex[row.dataset.exchange];detail.textContent="";
          detail.appendChild(el("h2",null,"#"+(x.i+1)+" "+x.method+" "+x.url));
          if(x.urlAfter){var p=el("p");p.appendChild(el("span","note","sent to "));p.appendChild(el("span","chg",x.urlAfter));detail.appendChild(p)}
          detail.appendChild(el("h3",null,"Request headers"+(x.reqAfter?" (before → after the rules)":"")));
          detail.appendChild(headerView(x.reqBefore.headers,x.reqAfter&&x.reqAfter.headers));
          detail.appendChild(el("h3",null,"Request body"));
          detail.appendChild(bodyView(x.reqBefore.body,x.reqAfter&&x.reqAfter.body,!x.reqAfter));
          if(x.failure)detail.appendChild(el("p","failed","Failed: "+x.failure));
          var rb=x.resBefore,ra=x.resAfter;
          if(rb||ra){
            var st=el("h3",null,"Response "+(rb?rb.status:"")+(ra&&rb&&ra.status!==rb.status?" → "+ra.status:""));detail.appendChild(st);
            detail.appendChild(headerView(rb?rb.m.headers:[],ra?ra.m.headers:null));
            detail.appendChild(el("h3",null,"Response body"));
            detail.appendChild(bodyView(rb&&rb.m.body,ra&&ra.m.body,!ra));
          }
          detail.appendChild(el("h3",null,"Trace"));
          if(x.trace.length){var ul=el("ul","trace");x.trace.forEach(function(t){ul.appendChild(el("li",null,t))});detail.appendChild(ul)}
          else detail.appendChild(el("p","note","(no step)"));
          if(x.misses.length){
            detail.appendChild(el("h3",null,"No rule applied · closest"));var mu=el("ul","misses");
            x.misses.forEach(function(m){var li=el("li",null,m.rule);var cl=el("ul");
              m.checks.forEach(function(c){cl.appendChild(el("li",c.held?"held":"failed",(c.held?"✓ ":"✗ ")+c.condition+(c.actual?"   ("+c.actual+")":"")))});
              li.appendChild(cl);mu.appendChild(li)});
            detail.appendChild(mu);
          }
          writeHash();
        }
        function visible(){return rows.filter(function(r){return!r.hidden})}
        function step(d){var v=visible();if(!v.length)return;var k=v.indexOf(selected);show(v[Math.max(0,Math.min(v.length-1,k<0?0:k+d))])}
        rows.forEach(function(r){r.addEventListener("click",function(){show(r)})});
        [q,rule,status,changed,unmatched].forEach(function(c){c.addEventListener(c===q?"input":"change",apply)});
        document.addEventListener("keydown",function(e){
          if(e.target===q){if(e.key==="Escape"){q.value="";apply();q.blur()}else if(e.key==="ArrowDown"){q.blur();step(1);e.preventDefault()}return}
          if(e.target.tagName==="SELECT"||e.target.tagName==="INPUT")return;
          if(e.key==="/"){q.focus();e.preventDefault()}else if(e.key==="ArrowDown"||e.key==="j"){step(1);e.preventDefault()}
          else if(e.key==="ArrowUp"||e.key==="k"){step(-1);e.preventDefault()}else if(e.key==="Enter"&&selected){show(selected)}
          else if(e.key==="Escape"){show(null)}
        });
        var open=readHash();apply();
        // open=N opens the row numbered N in the # column; without one, the first row shown.
        var r=open===null?null:document.querySelector('tr[data-exchange="'+(parseInt(open.replace(/[^0-9]/g,""),10)-1)+'"]');
        if(!r)r=rows.filter(function(x){return !x.hidden})[0];
        if(r)show(r);
        body.dataset.renderMs=String(Math.round(performance.now()));
        body.dataset.state="ready";
        })();
        """#
}
